from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.add_result import AddResult
from ...models.notification_request import NotificationRequest
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    center_id: str,
    *,
    body: NotificationRequest,
    idempotency_key: str | Unset = UNSET,
    traceparent: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(traceparent, Unset):
        headers["traceparent"] = traceparent

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/centers/{center_id}/requests".format(
            center_id=quote(str(center_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AddResult | Problem | None:
    if response.status_code == 200:
        response_200 = AddResult.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = AddResult.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if response.status_code == 507:
        response_507 = Problem.from_dict(response.json())

        return response_507

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AddResult | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    center_id: str,
    *,
    client: AuthenticatedClient,
    body: NotificationRequest,
    idempotency_key: str | Unset = UNSET,
    traceparent: str | Unset = UNSET,
) -> Response[AddResult | Problem]:
    """add(_:) — an upsert by identifier; no trigger delivers at once.

     App. `add(_:)`: schedules a request with a time-interval, calendar or location trigger, or delivers
    it at once without one. A request with the identifier of a pending one replaces it (200,
    `replaced`); otherwise 201. Refused with 403 `notificationsNotAllowed`, keeping nothing, unless the
    user allowed notifications (authorized, provisional or ephemeral): before the user answered the
    prompt as after a denial, as the framework's `add`. Refused with 409 `pendingLimitReached` past the
    center's limit (64).

    Args:
        center_id (str):
        idempotency_key (str | Unset):
        traceparent (str | Unset):  Example:
            00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01.
        body (NotificationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AddResult | Problem]
    """

    kwargs = _get_kwargs(
        center_id=center_id,
        body=body,
        idempotency_key=idempotency_key,
        traceparent=traceparent,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    center_id: str,
    *,
    client: AuthenticatedClient,
    body: NotificationRequest,
    idempotency_key: str | Unset = UNSET,
    traceparent: str | Unset = UNSET,
) -> AddResult | Problem | None:
    """add(_:) — an upsert by identifier; no trigger delivers at once.

     App. `add(_:)`: schedules a request with a time-interval, calendar or location trigger, or delivers
    it at once without one. A request with the identifier of a pending one replaces it (200,
    `replaced`); otherwise 201. Refused with 403 `notificationsNotAllowed`, keeping nothing, unless the
    user allowed notifications (authorized, provisional or ephemeral): before the user answered the
    prompt as after a denial, as the framework's `add`. Refused with 409 `pendingLimitReached` past the
    center's limit (64).

    Args:
        center_id (str):
        idempotency_key (str | Unset):
        traceparent (str | Unset):  Example:
            00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01.
        body (NotificationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AddResult | Problem
    """

    return sync_detailed(
        center_id=center_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        traceparent=traceparent,
    ).parsed


async def asyncio_detailed(
    center_id: str,
    *,
    client: AuthenticatedClient,
    body: NotificationRequest,
    idempotency_key: str | Unset = UNSET,
    traceparent: str | Unset = UNSET,
) -> Response[AddResult | Problem]:
    """add(_:) — an upsert by identifier; no trigger delivers at once.

     App. `add(_:)`: schedules a request with a time-interval, calendar or location trigger, or delivers
    it at once without one. A request with the identifier of a pending one replaces it (200,
    `replaced`); otherwise 201. Refused with 403 `notificationsNotAllowed`, keeping nothing, unless the
    user allowed notifications (authorized, provisional or ephemeral): before the user answered the
    prompt as after a denial, as the framework's `add`. Refused with 409 `pendingLimitReached` past the
    center's limit (64).

    Args:
        center_id (str):
        idempotency_key (str | Unset):
        traceparent (str | Unset):  Example:
            00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01.
        body (NotificationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AddResult | Problem]
    """

    kwargs = _get_kwargs(
        center_id=center_id,
        body=body,
        idempotency_key=idempotency_key,
        traceparent=traceparent,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    center_id: str,
    *,
    client: AuthenticatedClient,
    body: NotificationRequest,
    idempotency_key: str | Unset = UNSET,
    traceparent: str | Unset = UNSET,
) -> AddResult | Problem | None:
    """add(_:) — an upsert by identifier; no trigger delivers at once.

     App. `add(_:)`: schedules a request with a time-interval, calendar or location trigger, or delivers
    it at once without one. A request with the identifier of a pending one replaces it (200,
    `replaced`); otherwise 201. Refused with 403 `notificationsNotAllowed`, keeping nothing, unless the
    user allowed notifications (authorized, provisional or ephemeral): before the user answered the
    prompt as after a denial, as the framework's `add`. Refused with 409 `pendingLimitReached` past the
    center's limit (64).

    Args:
        center_id (str):
        idempotency_key (str | Unset):
        traceparent (str | Unset):  Example:
            00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01.
        body (NotificationRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AddResult | Problem
    """

    return (
        await asyncio_detailed(
            center_id=center_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            traceparent=traceparent,
        )
    ).parsed
