from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ap_ns_channel import APNsChannel
from ...models.create_ap_ns_channel_response_400 import CreateApNsChannelResponse400
from ...models.create_ap_ns_channel_response_403 import CreateApNsChannelResponse403
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    bundle: str,
    *,
    body: APNsChannel,
    idempotency_key: str | Unset = UNSET,
    apns_request_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(apns_request_id, Unset):
        headers["apns-request-id"] = apns_request_id

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/1/apps/{bundle}/channels".format(
            bundle=quote(str(bundle), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | CreateApNsChannelResponse400 | CreateApNsChannelResponse403 | Problem | None:
    if response.status_code == 201:
        response_201 = cast(Any, None)
        return response_201

    if response.status_code == 400:
        response_400 = CreateApNsChannelResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = CreateApNsChannelResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

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
) -> Response[
    Any | CreateApNsChannelResponse400 | CreateApNsChannelResponse403 | Problem
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
    body: APNsChannel,
    idempotency_key: str | Unset = UNSET,
    apns_request_id: str | Unset = UNSET,
) -> Response[
    Any | CreateApNsChannelResponse400 | CreateApNsChannelResponse403 | Problem
]:
    """Makes a broadcast channel, as Apple's channel management API does (iOS 18).

     App, with the app key as the provider token (`authorization: bearer unk_…`) and the app id as the
    bundle. A channel is a topic of the app's (`Location` names it; its identifier is
    `apns.<policy>.<id>`,
    the base64 of the `apns-channel-id`): centers subscribe to it as to any topic, and the topic API
    lists
    and counts its subscribers. It counts against the app's 10,000 topics (400
    `CannotCreateChannelConfig`).
    The body is read as JSON whatever its Content-Type, as APNs reads it. `message-storage-policy` is
    kept
    with the channel and answered by `readAPNsChannel`; a channel that stores no message (0) takes no
    `apns-expiration` other than 0. Errors carry APNs' statuses and `reason`: 400 TopicMismatch (the
    path
    names another bundle), BadMessageStoragePolicy, InvalidPushType (`push-type` other than
    LiveActivity);
    403 MissingProviderToken, InvalidProviderToken.

    Args:
        bundle (str):
        idempotency_key (str | Unset):
        apns_request_id (str | Unset):
        body (APNsChannel):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | CreateApNsChannelResponse400 | CreateApNsChannelResponse403 | Problem]
    """

    kwargs = _get_kwargs(
        bundle=bundle,
        body=body,
        idempotency_key=idempotency_key,
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
    body: APNsChannel,
    idempotency_key: str | Unset = UNSET,
    apns_request_id: str | Unset = UNSET,
) -> Any | CreateApNsChannelResponse400 | CreateApNsChannelResponse403 | Problem | None:
    """Makes a broadcast channel, as Apple's channel management API does (iOS 18).

     App, with the app key as the provider token (`authorization: bearer unk_…`) and the app id as the
    bundle. A channel is a topic of the app's (`Location` names it; its identifier is
    `apns.<policy>.<id>`,
    the base64 of the `apns-channel-id`): centers subscribe to it as to any topic, and the topic API
    lists
    and counts its subscribers. It counts against the app's 10,000 topics (400
    `CannotCreateChannelConfig`).
    The body is read as JSON whatever its Content-Type, as APNs reads it. `message-storage-policy` is
    kept
    with the channel and answered by `readAPNsChannel`; a channel that stores no message (0) takes no
    `apns-expiration` other than 0. Errors carry APNs' statuses and `reason`: 400 TopicMismatch (the
    path
    names another bundle), BadMessageStoragePolicy, InvalidPushType (`push-type` other than
    LiveActivity);
    403 MissingProviderToken, InvalidProviderToken.

    Args:
        bundle (str):
        idempotency_key (str | Unset):
        apns_request_id (str | Unset):
        body (APNsChannel):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | CreateApNsChannelResponse400 | CreateApNsChannelResponse403 | Problem
    """

    return sync_detailed(
        bundle=bundle,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        apns_request_id=apns_request_id,
    ).parsed


async def asyncio_detailed(
    bundle: str,
    *,
    client: AuthenticatedClient,
    body: APNsChannel,
    idempotency_key: str | Unset = UNSET,
    apns_request_id: str | Unset = UNSET,
) -> Response[
    Any | CreateApNsChannelResponse400 | CreateApNsChannelResponse403 | Problem
]:
    """Makes a broadcast channel, as Apple's channel management API does (iOS 18).

     App, with the app key as the provider token (`authorization: bearer unk_…`) and the app id as the
    bundle. A channel is a topic of the app's (`Location` names it; its identifier is
    `apns.<policy>.<id>`,
    the base64 of the `apns-channel-id`): centers subscribe to it as to any topic, and the topic API
    lists
    and counts its subscribers. It counts against the app's 10,000 topics (400
    `CannotCreateChannelConfig`).
    The body is read as JSON whatever its Content-Type, as APNs reads it. `message-storage-policy` is
    kept
    with the channel and answered by `readAPNsChannel`; a channel that stores no message (0) takes no
    `apns-expiration` other than 0. Errors carry APNs' statuses and `reason`: 400 TopicMismatch (the
    path
    names another bundle), BadMessageStoragePolicy, InvalidPushType (`push-type` other than
    LiveActivity);
    403 MissingProviderToken, InvalidProviderToken.

    Args:
        bundle (str):
        idempotency_key (str | Unset):
        apns_request_id (str | Unset):
        body (APNsChannel):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | CreateApNsChannelResponse400 | CreateApNsChannelResponse403 | Problem]
    """

    kwargs = _get_kwargs(
        bundle=bundle,
        body=body,
        idempotency_key=idempotency_key,
        apns_request_id=apns_request_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    bundle: str,
    *,
    client: AuthenticatedClient,
    body: APNsChannel,
    idempotency_key: str | Unset = UNSET,
    apns_request_id: str | Unset = UNSET,
) -> Any | CreateApNsChannelResponse400 | CreateApNsChannelResponse403 | Problem | None:
    """Makes a broadcast channel, as Apple's channel management API does (iOS 18).

     App, with the app key as the provider token (`authorization: bearer unk_…`) and the app id as the
    bundle. A channel is a topic of the app's (`Location` names it; its identifier is
    `apns.<policy>.<id>`,
    the base64 of the `apns-channel-id`): centers subscribe to it as to any topic, and the topic API
    lists
    and counts its subscribers. It counts against the app's 10,000 topics (400
    `CannotCreateChannelConfig`).
    The body is read as JSON whatever its Content-Type, as APNs reads it. `message-storage-policy` is
    kept
    with the channel and answered by `readAPNsChannel`; a channel that stores no message (0) takes no
    `apns-expiration` other than 0. Errors carry APNs' statuses and `reason`: 400 TopicMismatch (the
    path
    names another bundle), BadMessageStoragePolicy, InvalidPushType (`push-type` other than
    LiveActivity);
    403 MissingProviderToken, InvalidProviderToken.

    Args:
        bundle (str):
        idempotency_key (str | Unset):
        apns_request_id (str | Unset):
        body (APNsChannel):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | CreateApNsChannelResponse400 | CreateApNsChannelResponse403 | Problem
    """

    return (
        await asyncio_detailed(
            bundle=bundle,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            apns_request_id=apns_request_id,
        )
    ).parsed
