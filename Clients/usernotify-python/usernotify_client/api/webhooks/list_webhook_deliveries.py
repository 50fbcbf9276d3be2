from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delivery_destination import (
    DeliveryDestination,
)
from ...models.delivery_page import DeliveryPage
from ...models.delivery_status import DeliveryStatus
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    status: DeliveryStatus | Unset = UNSET,
    destination: DeliveryDestination | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 100,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    json_destination: str | Unset = UNSET
    if not isinstance(destination, Unset):
        json_destination = destination

    params["destination"] = json_destination

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/webhooks/deliveries",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DeliveryPage | Problem | None:
    if response.status_code == 200:
        response_200 = DeliveryPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Problem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = Problem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[DeliveryPage | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    status: DeliveryStatus | Unset = UNSET,
    destination: DeliveryDestination | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 100,
) -> Response[DeliveryPage | Problem]:
    """The outbox's messages, oldest first.

     App. Each message's destination, type, URL, status and attempt count, filtered by `status` and
    `destination`; a page at a time.

    Args:
        status (DeliveryStatus | Unset): pending (waiting for its next attempt), delivered, failed
            (refused, or the app's retry schedule ran out), aborted (webhook-delivery: abort-message),
            expired (a push or a relay that could not be sent within its lifetime: 4 weeks, a removal
            a day; never sent late).
        destination (DeliveryDestination | Unset): Where a message goes: the app's webhook
            (signed, retried on the app's retryDelays), a browser's push subscription (an encrypted
            Web Push) or a phone's registration (a relay to APNs or FCM); pushes and relays retry on
            their own, from 5 s doubling to an hour, until they expire.
        cursor (str | Unset):
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeliveryPage | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        destination=destination,
        cursor=cursor,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    status: DeliveryStatus | Unset = UNSET,
    destination: DeliveryDestination | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 100,
) -> DeliveryPage | Problem | None:
    """The outbox's messages, oldest first.

     App. Each message's destination, type, URL, status and attempt count, filtered by `status` and
    `destination`; a page at a time.

    Args:
        status (DeliveryStatus | Unset): pending (waiting for its next attempt), delivered, failed
            (refused, or the app's retry schedule ran out), aborted (webhook-delivery: abort-message),
            expired (a push or a relay that could not be sent within its lifetime: 4 weeks, a removal
            a day; never sent late).
        destination (DeliveryDestination | Unset): Where a message goes: the app's webhook
            (signed, retried on the app's retryDelays), a browser's push subscription (an encrypted
            Web Push) or a phone's registration (a relay to APNs or FCM); pushes and relays retry on
            their own, from 5 s doubling to an hour, until they expire.
        cursor (str | Unset):
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeliveryPage | Problem
    """

    return sync_detailed(
        client=client,
        status=status,
        destination=destination,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    status: DeliveryStatus | Unset = UNSET,
    destination: DeliveryDestination | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 100,
) -> Response[DeliveryPage | Problem]:
    """The outbox's messages, oldest first.

     App. Each message's destination, type, URL, status and attempt count, filtered by `status` and
    `destination`; a page at a time.

    Args:
        status (DeliveryStatus | Unset): pending (waiting for its next attempt), delivered, failed
            (refused, or the app's retry schedule ran out), aborted (webhook-delivery: abort-message),
            expired (a push or a relay that could not be sent within its lifetime: 4 weeks, a removal
            a day; never sent late).
        destination (DeliveryDestination | Unset): Where a message goes: the app's webhook
            (signed, retried on the app's retryDelays), a browser's push subscription (an encrypted
            Web Push) or a phone's registration (a relay to APNs or FCM); pushes and relays retry on
            their own, from 5 s doubling to an hour, until they expire.
        cursor (str | Unset):
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeliveryPage | Problem]
    """

    kwargs = _get_kwargs(
        status=status,
        destination=destination,
        cursor=cursor,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    status: DeliveryStatus | Unset = UNSET,
    destination: DeliveryDestination | Unset = UNSET,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 100,
) -> DeliveryPage | Problem | None:
    """The outbox's messages, oldest first.

     App. Each message's destination, type, URL, status and attempt count, filtered by `status` and
    `destination`; a page at a time.

    Args:
        status (DeliveryStatus | Unset): pending (waiting for its next attempt), delivered, failed
            (refused, or the app's retry schedule ran out), aborted (webhook-delivery: abort-message),
            expired (a push or a relay that could not be sent within its lifetime: 4 weeks, a removal
            a day; never sent late).
        destination (DeliveryDestination | Unset): Where a message goes: the app's webhook
            (signed, retried on the app's retryDelays), a browser's push subscription (an encrypted
            Web Push) or a phone's registration (a relay to APNs or FCM); pushes and relays retry on
            their own, from 5 s doubling to an hour, until they expire.
        cursor (str | Unset):
        limit (int | Unset):  Default: 100.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeliveryPage | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            status=status,
            destination=destination,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
