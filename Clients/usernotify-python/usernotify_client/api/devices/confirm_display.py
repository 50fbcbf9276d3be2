from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.display_confirmation import DisplayConfirmation
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: DisplayConfirmation,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/displays",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Problem | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DisplayConfirmation,
) -> Response[Any | Problem]:
    """A browser's or phone's confirmation that it showed a notification.

     No credential but the token the push carries (Web Push: `token` in the payload; APNs:
    `usernotifyd.responseToken` beside `aps`; FCM: `data["usernotifyd.responseToken"]`) — the same token
    that answers it, which a confirmation does not use up. Post it when the notification is shown: a
    service worker after `showNotification`, an iOS notification service extension in
    `didReceive(_:withContentHandler:)`, an Android `FirebaseMessagingService` in `onMessageReceived`
    (docs/api.md has the few lines each). Once per token: again is 409 `displayAlreadyConfirmed`; a
    forged or expired token is 403 `invalidResponseToken`. The receipt of that device says `displayed`,
    and an app that lists `notification.displayed` in its webhook events hears of it.

    Args:
        body (DisplayConfirmation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: DisplayConfirmation,
) -> Any | Problem | None:
    """A browser's or phone's confirmation that it showed a notification.

     No credential but the token the push carries (Web Push: `token` in the payload; APNs:
    `usernotifyd.responseToken` beside `aps`; FCM: `data["usernotifyd.responseToken"]`) — the same token
    that answers it, which a confirmation does not use up. Post it when the notification is shown: a
    service worker after `showNotification`, an iOS notification service extension in
    `didReceive(_:withContentHandler:)`, an Android `FirebaseMessagingService` in `onMessageReceived`
    (docs/api.md has the few lines each). Once per token: again is 409 `displayAlreadyConfirmed`; a
    forged or expired token is 403 `invalidResponseToken`. The receipt of that device says `displayed`,
    and an app that lists `notification.displayed` in its webhook events hears of it.

    Args:
        body (DisplayConfirmation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: DisplayConfirmation,
) -> Response[Any | Problem]:
    """A browser's or phone's confirmation that it showed a notification.

     No credential but the token the push carries (Web Push: `token` in the payload; APNs:
    `usernotifyd.responseToken` beside `aps`; FCM: `data["usernotifyd.responseToken"]`) — the same token
    that answers it, which a confirmation does not use up. Post it when the notification is shown: a
    service worker after `showNotification`, an iOS notification service extension in
    `didReceive(_:withContentHandler:)`, an Android `FirebaseMessagingService` in `onMessageReceived`
    (docs/api.md has the few lines each). Once per token: again is 409 `displayAlreadyConfirmed`; a
    forged or expired token is 403 `invalidResponseToken`. The receipt of that device says `displayed`,
    and an app that lists `notification.displayed` in its webhook events hears of it.

    Args:
        body (DisplayConfirmation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: DisplayConfirmation,
) -> Any | Problem | None:
    """A browser's or phone's confirmation that it showed a notification.

     No credential but the token the push carries (Web Push: `token` in the payload; APNs:
    `usernotifyd.responseToken` beside `aps`; FCM: `data["usernotifyd.responseToken"]`) — the same token
    that answers it, which a confirmation does not use up. Post it when the notification is shown: a
    service worker after `showNotification`, an iOS notification service extension in
    `didReceive(_:withContentHandler:)`, an Android `FirebaseMessagingService` in `onMessageReceived`
    (docs/api.md has the few lines each). Once per token: again is 409 `displayAlreadyConfirmed`; a
    forged or expired token is 403 `invalidResponseToken`. The receipt of that device says `displayed`,
    and an app that lists `notification.displayed` in its webhook events hears of it.

    Args:
        body (DisplayConfirmation):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
