from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ap_ns_channel_list import APNsChannelList
from ...models.list_ap_ns_channels_response_400 import ListApNsChannelsResponse400
from ...models.list_ap_ns_channels_response_403 import ListApNsChannelsResponse403
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    bundle: str,
    *,
    apns_request_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(apns_request_id, Unset):
        headers["apns-request-id"] = apns_request_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/1/apps/{bundle}/all-channels".format(
            bundle=quote(str(bundle), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    APNsChannelList
    | ListApNsChannelsResponse400
    | ListApNsChannelsResponse403
    | Problem
    | None
):
    if response.status_code == 200:
        response_200 = APNsChannelList.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ListApNsChannelsResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = ListApNsChannelsResponse403.from_dict(response.json())

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
    APNsChannelList
    | ListApNsChannelsResponse400
    | ListApNsChannelsResponse403
    | Problem
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
    apns_request_id: str | Unset = UNSET,
) -> Response[
    APNsChannelList
    | ListApNsChannelsResponse400
    | ListApNsChannelsResponse403
    | Problem
]:
    """Every broadcast channel of the app, as Apple's channel management API lists them.

     App (the provider token). Topics made through the topic API are not channels and are not listed.

    Args:
        bundle (str):
        apns_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[APNsChannelList | ListApNsChannelsResponse400 | ListApNsChannelsResponse403 | Problem]
    """

    kwargs = _get_kwargs(
        bundle=bundle,
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
    apns_request_id: str | Unset = UNSET,
) -> (
    APNsChannelList
    | ListApNsChannelsResponse400
    | ListApNsChannelsResponse403
    | Problem
    | None
):
    """Every broadcast channel of the app, as Apple's channel management API lists them.

     App (the provider token). Topics made through the topic API are not channels and are not listed.

    Args:
        bundle (str):
        apns_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        APNsChannelList | ListApNsChannelsResponse400 | ListApNsChannelsResponse403 | Problem
    """

    return sync_detailed(
        bundle=bundle,
        client=client,
        apns_request_id=apns_request_id,
    ).parsed


async def asyncio_detailed(
    bundle: str,
    *,
    client: AuthenticatedClient,
    apns_request_id: str | Unset = UNSET,
) -> Response[
    APNsChannelList
    | ListApNsChannelsResponse400
    | ListApNsChannelsResponse403
    | Problem
]:
    """Every broadcast channel of the app, as Apple's channel management API lists them.

     App (the provider token). Topics made through the topic API are not channels and are not listed.

    Args:
        bundle (str):
        apns_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[APNsChannelList | ListApNsChannelsResponse400 | ListApNsChannelsResponse403 | Problem]
    """

    kwargs = _get_kwargs(
        bundle=bundle,
        apns_request_id=apns_request_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    bundle: str,
    *,
    client: AuthenticatedClient,
    apns_request_id: str | Unset = UNSET,
) -> (
    APNsChannelList
    | ListApNsChannelsResponse400
    | ListApNsChannelsResponse403
    | Problem
    | None
):
    """Every broadcast channel of the app, as Apple's channel management API lists them.

     App (the provider token). Topics made through the topic API are not channels and are not listed.

    Args:
        bundle (str):
        apns_request_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        APNsChannelList | ListApNsChannelsResponse400 | ListApNsChannelsResponse403 | Problem
    """

    return (
        await asyncio_detailed(
            bundle=bundle,
            client=client,
            apns_request_id=apns_request_id,
        )
    ).parsed
