from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ap_ns_channel import APNsChannel
from ...models.problem import Problem
from ...models.read_ap_ns_channel_response_400 import ReadApNsChannelResponse400
from ...models.read_ap_ns_channel_response_403 import ReadApNsChannelResponse403
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
        "method": "get",
        "url": "/1/apps/{bundle}/channels".format(
            bundle=quote(str(bundle), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    APNsChannel
    | Problem
    | ReadApNsChannelResponse400
    | ReadApNsChannelResponse403
    | None
):
    if response.status_code == 200:
        response_200 = APNsChannel.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ReadApNsChannelResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = ReadApNsChannelResponse403.from_dict(response.json())

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
    APNsChannel | Problem | ReadApNsChannelResponse400 | ReadApNsChannelResponse403
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
    APNsChannel | Problem | ReadApNsChannelResponse400 | ReadApNsChannelResponse403
]:
    """A broadcast channel's storage policy and push type, as Apple's channel management API answers.

     App (the provider token). 400 MissingChannelId, BadChannelId (not an id this service made),
    TopicMismatch, ChannelNotRegistered (never made, deleted, or another app's: 400, as APNs answers
    it);
    403 MissingProviderToken, InvalidProviderToken.

    Args:
        bundle (str):
        apns_channel_id (str):
        apns_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[APNsChannel | Problem | ReadApNsChannelResponse400 | ReadApNsChannelResponse403]
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
) -> (
    APNsChannel
    | Problem
    | ReadApNsChannelResponse400
    | ReadApNsChannelResponse403
    | None
):
    """A broadcast channel's storage policy and push type, as Apple's channel management API answers.

     App (the provider token). 400 MissingChannelId, BadChannelId (not an id this service made),
    TopicMismatch, ChannelNotRegistered (never made, deleted, or another app's: 400, as APNs answers
    it);
    403 MissingProviderToken, InvalidProviderToken.

    Args:
        bundle (str):
        apns_channel_id (str):
        apns_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        APNsChannel | Problem | ReadApNsChannelResponse400 | ReadApNsChannelResponse403
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
    APNsChannel | Problem | ReadApNsChannelResponse400 | ReadApNsChannelResponse403
]:
    """A broadcast channel's storage policy and push type, as Apple's channel management API answers.

     App (the provider token). 400 MissingChannelId, BadChannelId (not an id this service made),
    TopicMismatch, ChannelNotRegistered (never made, deleted, or another app's: 400, as APNs answers
    it);
    403 MissingProviderToken, InvalidProviderToken.

    Args:
        bundle (str):
        apns_channel_id (str):
        apns_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[APNsChannel | Problem | ReadApNsChannelResponse400 | ReadApNsChannelResponse403]
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
) -> (
    APNsChannel
    | Problem
    | ReadApNsChannelResponse400
    | ReadApNsChannelResponse403
    | None
):
    """A broadcast channel's storage policy and push type, as Apple's channel management API answers.

     App (the provider token). 400 MissingChannelId, BadChannelId (not an id this service made),
    TopicMismatch, ChannelNotRegistered (never made, deleted, or another app's: 400, as APNs answers
    it);
    403 MissingProviderToken, InvalidProviderToken.

    Args:
        bundle (str):
        apns_channel_id (str):
        apns_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        APNsChannel | Problem | ReadApNsChannelResponse400 | ReadApNsChannelResponse403
    """

    return (
        await asyncio_detailed(
            bundle=bundle,
            client=client,
            apns_channel_id=apns_channel_id,
            apns_request_id=apns_request_id,
        )
    ).parsed
