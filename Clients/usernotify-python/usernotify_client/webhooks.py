"""Verifying usernotifyd's webhooks (Standard Webhooks): written by hand, kept by `make generate`.

usernotifyd signs every webhook with each of the app's secrets (`whsec_…`): the `webhook-signature` header
lists `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}`, separated by spaces. A
receiver verifies one of them and the timestamp's freshness before it trusts the body.
"""

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["WebhookVerificationError", "sign", "verify"]

TOLERANCE_SECONDS = 300


class WebhookVerificationError(Exception):
    """The webhook is not from usernotifyd with this secret, or not fresh: answer 401 and drop it."""


def _key(secret: str) -> bytes:
    try:
        return base64.b64decode(secret.removeprefix("whsec_"), validate=True)
    except binascii.Error as error:
        raise ValueError("a secret is 'whsec_' followed by base64") from error


def sign(secret: str, webhook_id: str, timestamp: int, body: bytes) -> str:
    """The `v1,…` signature of a message: what `webhook-signature` carries for this secret."""
    signed = f"{webhook_id}.{timestamp}.".encode() + body
    return "v1," + base64.b64encode(hmac.new(_key(secret), signed, hashlib.sha256).digest()).decode()


def verify(
    secrets: str | Iterable[str], headers: Mapping[str, str], body: bytes, *, now: float | None = None
) -> dict[str, Any]:
    """The webhook's event (`type`, `timestamp`, `data`) once its signature and freshness are checked.

    `secrets` is one secret or several (while rotating); `headers` any mapping (names in any case).
    Raises WebhookVerificationError if no signature matches or the timestamp is more than five minutes
    away from `now`.
    """
    lowered = {name.lower(): value for name, value in headers.items()}
    try:
        webhook_id = lowered["webhook-id"]
        timestamp = int(lowered["webhook-timestamp"])
        signatures = lowered["webhook-signature"].split()
    except (KeyError, ValueError) as error:
        raise WebhookVerificationError("webhook-id, webhook-timestamp and webhook-signature are required") from error
    if abs((time.time() if now is None else now) - timestamp) > TOLERANCE_SECONDS:
        raise WebhookVerificationError("the timestamp is more than five minutes away: a replay, or a clock off")
    for secret in [secrets] if isinstance(secrets, str) else secrets:
        expected = sign(secret, webhook_id, timestamp, body)
        if any(hmac.compare_digest(expected, candidate) for candidate in signatures):
            return json.loads(body)
    raise WebhookVerificationError("no signature matches a secret")
