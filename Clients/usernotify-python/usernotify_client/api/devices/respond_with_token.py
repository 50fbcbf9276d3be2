from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.response_result import ResponseResult
from ...models.web_push_response import WebPushResponse
from ...types import Response


def _get_kwargs(
    *,
    body: WebPushResponse,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/responses",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | ResponseResult | None:
    if response.status_code == 200:
        response_200 = ResponseResult.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

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
) -> Response[Problem | ResponseResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WebPushResponse,
) -> Response[Problem | ResponseResult]:
    """A phone app's (or a service worker's) answer to a relayed notification.

     No credential but the `responseToken` the relayed notification carries (APNs:
    `usernotifyd.responseToken`
    beside `aps`; FCM: `data["usernotifyd.responseToken"]`): the same as `respondToWebPush`. It
    answers that one delivery, expires after 7 days, and stops working once the notification is
    answered, replaced or removed (403 `invalidResponseToken`); the app's delegate gets the signed
    `notification.response` (`didReceive`).

    Args:
        body (WebPushResponse):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ResponseResult]
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
    body: WebPushResponse,
) -> Problem | ResponseResult | None:
    """A phone app's (or a service worker's) answer to a relayed notification.

     No credential but the `responseToken` the relayed notification carries (APNs:
    `usernotifyd.responseToken`
    beside `aps`; FCM: `data["usernotifyd.responseToken"]`): the same as `respondToWebPush`. It
    answers that one delivery, expires after 7 days, and stops working once the notification is
    answered, replaced or removed (403 `invalidResponseToken`); the app's delegate gets the signed
    `notification.response` (`didReceive`).

    Args:
        body (WebPushResponse):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ResponseResult
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: WebPushResponse,
) -> Response[Problem | ResponseResult]:
    """A phone app's (or a service worker's) answer to a relayed notification.

     No credential but the `responseToken` the relayed notification carries (APNs:
    `usernotifyd.responseToken`
    beside `aps`; FCM: `data["usernotifyd.responseToken"]`): the same as `respondToWebPush`. It
    answers that one delivery, expires after 7 days, and stops working once the notification is
    answered, replaced or removed (403 `invalidResponseToken`); the app's delegate gets the signed
    `notification.response` (`didReceive`).

    Args:
        body (WebPushResponse):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | ResponseResult]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: WebPushResponse,
) -> Problem | ResponseResult | None:
    """A phone app's (or a service worker's) answer to a relayed notification.

     No credential but the `responseToken` the relayed notification carries (APNs:
    `usernotifyd.responseToken`
    beside `aps`; FCM: `data["usernotifyd.responseToken"]`): the same as `respondToWebPush`. It
    answers that one delivery, expires after 7 days, and stops working once the notification is
    answered, replaced or removed (403 `invalidResponseToken`); the app's delegate gets the signed
    `notification.response` (`didReceive`).

    Args:
        body (WebPushResponse):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | ResponseResult
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
