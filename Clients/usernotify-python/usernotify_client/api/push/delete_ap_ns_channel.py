from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.delete_ap_ns_channel_response_400 import DeleteApNsChannelResponse400
from ...models.delete_ap_ns_channel_response_403 import DeleteApNsChannelResponse403
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    bundle: str,
    *,
    apns_channel_id: str,
    apns_request_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    headers["apns-channel-id"] = apns_channel_id

    if not isinstance(apns_request_id, Unset):
        headers["apns-request-id"] = apns_request_id

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/1/apps/{bundle}/channels".format(
            bundle=quote(str(bundle), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | DeleteApNsChannelResponse400 | DeleteApNsChannelResponse403 | Problem | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = DeleteApNsChannelResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = DeleteApNsChannelResponse403.from_dict(response.json())

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
) -> Response[
    Any | DeleteApNsChannelResponse400 | DeleteApNsChannelResponse403 | Problem
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    bundle: str,
    *,
    client: AuthenticatedClient,
    apns_channel_id: str,
    apns_request_id: str | Unset = UNSET,
) -> Response[
    Any | DeleteApNsChannelResponse400 | DeleteApNsChannelResponse403 | Problem
]:
    """Deletes a broadcast channel and its topic (its subscriptions go with it).

     App (the provider token). Broadcasts already published on it go on for the members their firings
    reach. Errors as `readAPNsChannel`'s.

    Args:
        bundle (str):
        apns_channel_id (str):
        apns_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | DeleteApNsChannelResponse400 | DeleteApNsChannelResponse403 | Problem]
    """

    kwargs = _get_kwargs(
        bundle=bundle,
        apns_channel_id=apns_channel_id,
        apns_request_id=apns_request_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    bundle: str,
    *,
    client: AuthenticatedClient,
    apns_channel_id: str,
    apns_request_id: str | Unset = UNSET,
) -> Any | DeleteApNsChannelResponse400 | DeleteApNsChannelResponse403 | Problem | None:
    """Deletes a broadcast channel and its topic (its subscriptions go with it).

     App (the provider token). Broadcasts already published on it go on for the members their firings
    reach. Errors as `readAPNsChannel`'s.

    Args:
        bundle (str):
        apns_channel_id (str):
        apns_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | DeleteApNsChannelResponse400 | DeleteApNsChannelResponse403 | Problem
    """

    return sync_detailed(
        bundle=bundle,
        client=client,
        apns_channel_id=apns_channel_id,
        apns_request_id=apns_request_id,
    ).parsed


async def asyncio_detailed(
    bundle: str,
    *,
    client: AuthenticatedClient,
    apns_channel_id: str,
    apns_request_id: str | Unset = UNSET,
) -> Response[
    Any | DeleteApNsChannelResponse400 | DeleteApNsChannelResponse403 | Problem
]:
    """Deletes a broadcast channel and its topic (its subscriptions go with it).

     App (the provider token). Broadcasts already published on it go on for the members their firings
    reach. Errors as `readAPNsChannel`'s.

    Args:
        bundle (str):
        apns_channel_id (str):
        apns_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | DeleteApNsChannelResponse400 | DeleteApNsChannelResponse403 | Problem]
    """

    kwargs = _get_kwargs(
        bundle=bundle,
        apns_channel_id=apns_channel_id,
        apns_request_id=apns_request_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    bundle: str,
    *,
    client: AuthenticatedClient,
    apns_channel_id: str,
    apns_request_id: str | Unset = UNSET,
) -> Any | DeleteApNsChannelResponse400 | DeleteApNsChannelResponse403 | Problem | None:
    """Deletes a broadcast channel and its topic (its subscriptions go with it).

     App (the provider token). Broadcasts already published on it go on for the members their firings
    reach. Errors as `readAPNsChannel`'s.

    Args:
        bundle (str):
        apns_channel_id (str):
        apns_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | DeleteApNsChannelResponse400 | DeleteApNsChannelResponse403 | Problem
    """

    return (
        await asyncio_detailed(
            bundle=bundle,
            client=client,
            apns_channel_id=apns_channel_id,
            apns_request_id=apns_request_id,
        )
    ).parsed
