from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.receipts import Receipts
from ...types import Response


def _get_kwargs(
    center_id: str,
    identifier: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/centers/{center_id}/delivered/{identifier}/receipts".format(
            center_id=quote(str(center_id), safe=""),
            identifier=quote(str(identifier), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | Receipts | None:
    if response.status_code == 200:
        response_200 = Receipts.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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
) -> Response[Problem | Receipts]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    center_id: str,
    identifier: str,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Receipts]:
    """What became of a notification: on the center, and on each of its browsers and phones.

     App. Every delivery of the identifier whose receipts are still kept (`--retain-receipts`, 30 days by
    default), newest first (an update is another delivery; the one before it says when it was
    `replaced`): when it was scheduled and fired, what the center's settings decided (`presented`,
    `quiet` with the reasons, `notAuthorized`), and for each browser and phone how far it got —
    `sent` (with the push service's or provider's message id: Web Push `Location`, APNs `apns-id`,
    FCM's message name), `failed`, `expired` or `unregistered`, `displayed` (confirmed by the device
    itself, `confirmDisplay`), and what the user did (`opened`, `action`, `dismissed`). A device that
    was sent the notification but has not confirmed its display within 10 minutes is `notConfirmed`:
    the push service took it, but nothing says the person saw it. `timeline` has every step in time
    order. 404 `notificationNotFound` when no receipt of the identifier is kept.

    Args:
        center_id (str):
        identifier (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Receipts]
    """

    kwargs = _get_kwargs(
        center_id=center_id,
        identifier=identifier,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    center_id: str,
    identifier: str,
    *,
    client: AuthenticatedClient,
) -> Problem | Receipts | None:
    """What became of a notification: on the center, and on each of its browsers and phones.

     App. Every delivery of the identifier whose receipts are still kept (`--retain-receipts`, 30 days by
    default), newest first (an update is another delivery; the one before it says when it was
    `replaced`): when it was scheduled and fired, what the center's settings decided (`presented`,
    `quiet` with the reasons, `notAuthorized`), and for each browser and phone how far it got —
    `sent` (with the push service's or provider's message id: Web Push `Location`, APNs `apns-id`,
    FCM's message name), `failed`, `expired` or `unregistered`, `displayed` (confirmed by the device
    itself, `confirmDisplay`), and what the user did (`opened`, `action`, `dismissed`). A device that
    was sent the notification but has not confirmed its display within 10 minutes is `notConfirmed`:
    the push service took it, but nothing says the person saw it. `timeline` has every step in time
    order. 404 `notificationNotFound` when no receipt of the identifier is kept.

    Args:
        center_id (str):
        identifier (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Receipts
    """

    return sync_detailed(
        center_id=center_id,
        identifier=identifier,
        client=client,
    ).parsed


async def asyncio_detailed(
    center_id: str,
    identifier: str,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | Receipts]:
    """What became of a notification: on the center, and on each of its browsers and phones.

     App. Every delivery of the identifier whose receipts are still kept (`--retain-receipts`, 30 days by
    default), newest first (an update is another delivery; the one before it says when it was
    `replaced`): when it was scheduled and fired, what the center's settings decided (`presented`,
    `quiet` with the reasons, `notAuthorized`), and for each browser and phone how far it got —
    `sent` (with the push service's or provider's message id: Web Push `Location`, APNs `apns-id`,
    FCM's message name), `failed`, `expired` or `unregistered`, `displayed` (confirmed by the device
    itself, `confirmDisplay`), and what the user did (`opened`, `action`, `dismissed`). A device that
    was sent the notification but has not confirmed its display within 10 minutes is `notConfirmed`:
    the push service took it, but nothing says the person saw it. `timeline` has every step in time
    order. 404 `notificationNotFound` when no receipt of the identifier is kept.

    Args:
        center_id (str):
        identifier (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | Receipts]
    """

    kwargs = _get_kwargs(
        center_id=center_id,
        identifier=identifier,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    center_id: str,
    identifier: str,
    *,
    client: AuthenticatedClient,
) -> Problem | Receipts | None:
    """What became of a notification: on the center, and on each of its browsers and phones.

     App. Every delivery of the identifier whose receipts are still kept (`--retain-receipts`, 30 days by
    default), newest first (an update is another delivery; the one before it says when it was
    `replaced`): when it was scheduled and fired, what the center's settings decided (`presented`,
    `quiet` with the reasons, `notAuthorized`), and for each browser and phone how far it got —
    `sent` (with the push service's or provider's message id: Web Push `Location`, APNs `apns-id`,
    FCM's message name), `failed`, `expired` or `unregistered`, `displayed` (confirmed by the device
    itself, `confirmDisplay`), and what the user did (`opened`, `action`, `dismissed`). A device that
    was sent the notification but has not confirmed its display within 10 minutes is `notConfirmed`:
    the push service took it, but nothing says the person saw it. `timeline` has every step in time
    order. 404 `notificationNotFound` when no receipt of the identifier is kept.

    Args:
        center_id (str):
        identifier (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | Receipts
    """

    return (
        await asyncio_detailed(
            center_id=center_id,
            identifier=identifier,
            client=client,
        )
    ).parsed
