from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PushSubscriptionRequestKeys")


@_attrs_define
class PushSubscriptionRequestKeys:
    """
    Attributes:
        p256dh (str): The browser's P-256 public key, base64url (65 bytes).
        auth (str): Its authentication secret, base64url (16 bytes).
    """

    p256dh: str
    auth: str

    def to_dict(self) -> dict[str, Any]:
        p256dh = self.p256dh

        auth = self.auth

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "p256dh": p256dh,
                "auth": auth,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        p256dh = d.pop("p256dh")

        auth = d.pop("auth")

        push_subscription_request_keys = cls(
            p256dh=p256dh,
            auth=auth,
        )

        return push_subscription_request_keys
