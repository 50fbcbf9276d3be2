from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ap_ns_payload import APNsPayload
from ...models.problem import Problem
from ...models.publish_on_ap_ns_channel_apns_priority import (
    PublishOnApNsChannelApnsPriority,
)
from ...models.publish_on_ap_ns_channel_apns_push_type import (
    PublishOnApNsChannelApnsPushType,
)
from ...models.publish_on_ap_ns_channel_response_400 import (
    PublishOnApNsChannelResponse400,
)
from ...models.publish_on_ap_ns_channel_response_403 import (
    PublishOnApNsChannelResponse403,
)
from ...models.publish_on_ap_ns_channel_response_413 import (
    PublishOnApNsChannelResponse413,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    bundle: str,
    *,
    body: APNsPayload,
    idempotency_key: str | Unset = UNSET,
    apns_channel_id: str,
    apns_request_id: str | Unset = UNSET,
    apns_push_type: PublishOnApNsChannelApnsPushType,
    apns_expiration: str | Unset = UNSET,
    apns_priority: PublishOnApNsChannelApnsPriority | Unset = UNSET,
    apns_collapse_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    headers["apns-channel-id"] = apns_channel_id

    if not isinstance(apns_request_id, Unset):
        headers["apns-request-id"] = apns_request_id

    headers["apns-push-type"] = str(apns_push_type)

    if not isinstance(apns_expiration, Unset):
        headers["apns-expiration"] = apns_expiration

    if not isinstance(apns_priority, Unset):
        headers["apns-priority"] = str(apns_priority)

    if not isinstance(apns_collapse_id, Unset):
        headers["apns-collapse-id"] = apns_collapse_id

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/4/broadcasts/apps/{bundle}".format(
            bundle=quote(str(bundle), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> (
    Any
    | Problem
    | PublishOnApNsChannelResponse400
    | PublishOnApNsChannelResponse403
    | PublishOnApNsChannelResponse413
    | None
):
    if response.status_code == 200:
        response_200 = cast(Any, None)
        return response_200

    if response.status_code == 400:
        response_400 = PublishOnApNsChannelResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = PublishOnApNsChannelResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = PublishOnApNsChannelResponse413.from_dict(response.json())

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
    Any
    | Problem
    | PublishOnApNsChannelResponse400
    | PublishOnApNsChannelResponse403
    | PublishOnApNsChannelResponse413
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
    body: APNsPayload,
    idempotency_key: str | Unset = UNSET,
    apns_channel_id: str,
    apns_request_id: str | Unset = UNSET,
    apns_push_type: PublishOnApNsChannelApnsPushType,
    apns_expiration: str | Unset = UNSET,
    apns_priority: PublishOnApNsChannelApnsPriority | Unset = UNSET,
    apns_collapse_id: str | Unset = UNSET,
) -> Response[
    Any
    | Problem
    | PublishOnApNsChannelResponse400
    | PublishOnApNsChannelResponse403
    | PublishOnApNsChannelResponse413
]:
    """Publishes on a broadcast channel, as APNs' broadcast API does; every center subscribed to its topic
    gets it.

     App (the provider token). A broadcast (`createBroadcast`) to the channel's topic, at once: each
    subscriber gets the notification as `add(_:)` on its own center would (its authorization and
    settings
    decide what is presented; its webhooks, Web Push and relays run). `Location` is the broadcast, with
    its
    counts. The notification's identifier is the channel's topic, so each message on a channel replaces
    the
    last one (as a Live Activity shows its latest state); `apns-collapse-id`, if given, is the
    identifier
    instead. The payload (at most 4096 bytes, read as JSON whatever its Content-Type) maps to content as
    `sendPush`'s does.

    `apns-push-type: liveactivity` (Apple's) takes a Live Activity payload: `aps.event` update or end (a
    start goes to a device's push-to-start token, not a channel) and `aps.timestamp`; its Live Activity
    keys
    (`event`, `timestamp`, `content-state`, `stale-date`, `dismissal-date`, `attributes-type`,
    `attributes`)
    reach the app as `userInfo.liveActivity`, and `aps.alert`, if any, is what the notification shows.
    `apns-push-type: alert` (this service's) takes any payload with something to show. `apns-priority`
    (10, 5 or 1) and `apns-expiration` are checked as APNs checks them (nonzero on a channel that stores
    no
    message: 400 BadExpirationDate); the broadcast fires at once either way.

    Errors carry APNs' statuses and `reason`: 400 MissingChannelId, BadChannelId, TopicMismatch,
    MissingPushType, InvalidPushType, BadPriority, BadExpirationDate, BadCollapseId, DuplicateHeaders,
    PayloadEmpty, BadPayload, ChannelNotRegistered; 403 MissingProviderToken, InvalidProviderToken;
    413 PayloadTooLarge.

    Args:
        bundle (str):
        idempotency_key (str | Unset):
        apns_channel_id (str):
        apns_request_id (str | Unset):
        apns_push_type (PublishOnApNsChannelApnsPushType):
        apns_expiration (str | Unset):
        apns_priority (PublishOnApNsChannelApnsPriority | Unset):
        apns_collapse_id (str | Unset):
        body (APNsPayload): Custom keys beside `aps` become `userInfo`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | PublishOnApNsChannelResponse400 | PublishOnApNsChannelResponse403 | PublishOnApNsChannelResponse413]
    """

    kwargs = _get_kwargs(
        bundle=bundle,
        body=body,
        idempotency_key=idempotency_key,
        apns_channel_id=apns_channel_id,
        apns_request_id=apns_request_id,
        apns_push_type=apns_push_type,
        apns_expiration=apns_expiration,
        apns_priority=apns_priority,
        apns_collapse_id=apns_collapse_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    bundle: str,
    *,
    client: AuthenticatedClient,
    body: APNsPayload,
    idempotency_key: str | Unset = UNSET,
    apns_channel_id: str,
    apns_request_id: str | Unset = UNSET,
    apns_push_type: PublishOnApNsChannelApnsPushType,
    apns_expiration: str | Unset = UNSET,
    apns_priority: PublishOnApNsChannelApnsPriority | Unset = UNSET,
    apns_collapse_id: str | Unset = UNSET,
) -> (
    Any
    | Problem
    | PublishOnApNsChannelResponse400
    | PublishOnApNsChannelResponse403
    | PublishOnApNsChannelResponse413
    | None
):
    """Publishes on a broadcast channel, as APNs' broadcast API does; every center subscribed to its topic
    gets it.

     App (the provider token). A broadcast (`createBroadcast`) to the channel's topic, at once: each
    subscriber gets the notification as `add(_:)` on its own center would (its authorization and
    settings
    decide what is presented; its webhooks, Web Push and relays run). `Location` is the broadcast, with
    its
    counts. The notification's identifier is the channel's topic, so each message on a channel replaces
    the
    last one (as a Live Activity shows its latest state); `apns-collapse-id`, if given, is the
    identifier
    instead. The payload (at most 4096 bytes, read as JSON whatever its Content-Type) maps to content as
    `sendPush`'s does.

    `apns-push-type: liveactivity` (Apple's) takes a Live Activity payload: `aps.event` update or end (a
    start goes to a device's push-to-start token, not a channel) and `aps.timestamp`; its Live Activity
    keys
    (`event`, `timestamp`, `content-state`, `stale-date`, `dismissal-date`, `attributes-type`,
    `attributes`)
    reach the app as `userInfo.liveActivity`, and `aps.alert`, if any, is what the notification shows.
    `apns-push-type: alert` (this service's) takes any payload with something to show. `apns-priority`
    (10, 5 or 1) and `apns-expiration` are checked as APNs checks them (nonzero on a channel that stores
    no
    message: 400 BadExpirationDate); the broadcast fires at once either way.

    Errors carry APNs' statuses and `reason`: 400 MissingChannelId, BadChannelId, TopicMismatch,
    MissingPushType, InvalidPushType, BadPriority, BadExpirationDate, BadCollapseId, DuplicateHeaders,
    PayloadEmpty, BadPayload, ChannelNotRegistered; 403 MissingProviderToken, InvalidProviderToken;
    413 PayloadTooLarge.

    Args:
        bundle (str):
        idempotency_key (str | Unset):
        apns_channel_id (str):
        apns_request_id (str | Unset):
        apns_push_type (PublishOnApNsChannelApnsPushType):
        apns_expiration (str | Unset):
        apns_priority (PublishOnApNsChannelApnsPriority | Unset):
        apns_collapse_id (str | Unset):
        body (APNsPayload): Custom keys beside `aps` become `userInfo`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | PublishOnApNsChannelResponse400 | PublishOnApNsChannelResponse403 | PublishOnApNsChannelResponse413
    """

    return sync_detailed(
        bundle=bundle,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        apns_channel_id=apns_channel_id,
        apns_request_id=apns_request_id,
        apns_push_type=apns_push_type,
        apns_expiration=apns_expiration,
        apns_priority=apns_priority,
        apns_collapse_id=apns_collapse_id,
    ).parsed


async def asyncio_detailed(
    bundle: str,
    *,
    client: AuthenticatedClient,
    body: APNsPayload,
    idempotency_key: str | Unset = UNSET,
    apns_channel_id: str,
    apns_request_id: str | Unset = UNSET,
    apns_push_type: PublishOnApNsChannelApnsPushType,
    apns_expiration: str | Unset = UNSET,
    apns_priority: PublishOnApNsChannelApnsPriority | Unset = UNSET,
    apns_collapse_id: str | Unset = UNSET,
) -> Response[
    Any
    | Problem
    | PublishOnApNsChannelResponse400
    | PublishOnApNsChannelResponse403
    | PublishOnApNsChannelResponse413
]:
    """Publishes on a broadcast channel, as APNs' broadcast API does; every center subscribed to its topic
    gets it.

     App (the provider token). A broadcast (`createBroadcast`) to the channel's topic, at once: each
    subscriber gets the notification as `add(_:)` on its own center would (its authorization and
    settings
    decide what is presented; its webhooks, Web Push and relays run). `Location` is the broadcast, with
    its
    counts. The notification's identifier is the channel's topic, so each message on a channel replaces
    the
    last one (as a Live Activity shows its latest state); `apns-collapse-id`, if given, is the
    identifier
    instead. The payload (at most 4096 bytes, read as JSON whatever its Content-Type) maps to content as
    `sendPush`'s does.

    `apns-push-type: liveactivity` (Apple's) takes a Live Activity payload: `aps.event` update or end (a
    start goes to a device's push-to-start token, not a channel) and `aps.timestamp`; its Live Activity
    keys
    (`event`, `timestamp`, `content-state`, `stale-date`, `dismissal-date`, `attributes-type`,
    `attributes`)
    reach the app as `userInfo.liveActivity`, and `aps.alert`, if any, is what the notification shows.
    `apns-push-type: alert` (this service's) takes any payload with something to show. `apns-priority`
    (10, 5 or 1) and `apns-expiration` are checked as APNs checks them (nonzero on a channel that stores
    no
    message: 400 BadExpirationDate); the broadcast fires at once either way.

    Errors carry APNs' statuses and `reason`: 400 MissingChannelId, BadChannelId, TopicMismatch,
    MissingPushType, InvalidPushType, BadPriority, BadExpirationDate, BadCollapseId, DuplicateHeaders,
    PayloadEmpty, BadPayload, ChannelNotRegistered; 403 MissingProviderToken, InvalidProviderToken;
    413 PayloadTooLarge.

    Args:
        bundle (str):
        idempotency_key (str | Unset):
        apns_channel_id (str):
        apns_request_id (str | Unset):
        apns_push_type (PublishOnApNsChannelApnsPushType):
        apns_expiration (str | Unset):
        apns_priority (PublishOnApNsChannelApnsPriority | Unset):
        apns_collapse_id (str | Unset):
        body (APNsPayload): Custom keys beside `aps` become `userInfo`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | PublishOnApNsChannelResponse400 | PublishOnApNsChannelResponse403 | PublishOnApNsChannelResponse413]
    """

    kwargs = _get_kwargs(
        bundle=bundle,
        body=body,
        idempotency_key=idempotency_key,
        apns_channel_id=apns_channel_id,
        apns_request_id=apns_request_id,
        apns_push_type=apns_push_type,
        apns_expiration=apns_expiration,
        apns_priority=apns_priority,
        apns_collapse_id=apns_collapse_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    bundle: str,
    *,
    client: AuthenticatedClient,
    body: APNsPayload,
    idempotency_key: str | Unset = UNSET,
    apns_channel_id: str,
    apns_request_id: str | Unset = UNSET,
    apns_push_type: PublishOnApNsChannelApnsPushType,
    apns_expiration: str | Unset = UNSET,
    apns_priority: PublishOnApNsChannelApnsPriority | Unset = UNSET,
    apns_collapse_id: str | Unset = UNSET,
) -> (
    Any
    | Problem
    | PublishOnApNsChannelResponse400
    | PublishOnApNsChannelResponse403
    | PublishOnApNsChannelResponse413
    | None
):
    """Publishes on a broadcast channel, as APNs' broadcast API does; every center subscribed to its topic
    gets it.

     App (the provider token). A broadcast (`createBroadcast`) to the channel's topic, at once: each
    subscriber gets the notification as `add(_:)` on its own center would (its authorization and
    settings
    decide what is presented; its webhooks, Web Push and relays run). `Location` is the broadcast, with
    its
    counts. The notification's identifier is the channel's topic, so each message on a channel replaces
    the
    last one (as a Live Activity shows its latest state); `apns-collapse-id`, if given, is the
    identifier
    instead. The payload (at most 4096 bytes, read as JSON whatever its Content-Type) maps to content as
    `sendPush`'s does.

    `apns-push-type: liveactivity` (Apple's) takes a Live Activity payload: `aps.event` update or end (a
    start goes to a device's push-to-start token, not a channel) and `aps.timestamp`; its Live Activity
    keys
    (`event`, `timestamp`, `content-state`, `stale-date`, `dismissal-date`, `attributes-type`,
    `attributes`)
    reach the app as `userInfo.liveActivity`, and `aps.alert`, if any, is what the notification shows.
    `apns-push-type: alert` (this service's) takes any payload with something to show. `apns-priority`
    (10, 5 or 1) and `apns-expiration` are checked as APNs checks them (nonzero on a channel that stores
    no
    message: 400 BadExpirationDate); the broadcast fires at once either way.

    Errors carry APNs' statuses and `reason`: 400 MissingChannelId, BadChannelId, TopicMismatch,
    MissingPushType, InvalidPushType, BadPriority, BadExpirationDate, BadCollapseId, DuplicateHeaders,
    PayloadEmpty, BadPayload, ChannelNotRegistered; 403 MissingProviderToken, InvalidProviderToken;
    413 PayloadTooLarge.

    Args:
        bundle (str):
        idempotency_key (str | Unset):
        apns_channel_id (str):
        apns_request_id (str | Unset):
        apns_push_type (PublishOnApNsChannelApnsPushType):
        apns_expiration (str | Unset):
        apns_priority (PublishOnApNsChannelApnsPriority | Unset):
        apns_collapse_id (str | Unset):
        body (APNsPayload): Custom keys beside `aps` become `userInfo`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | PublishOnApNsChannelResponse400 | PublishOnApNsChannelResponse403 | PublishOnApNsChannelResponse413
    """

    return (
        await asyncio_detailed(
            bundle=bundle,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            apns_channel_id=apns_channel_id,
            apns_request_id=apns_request_id,
            apns_push_type=apns_push_type,
            apns_expiration=apns_expiration,
            apns_priority=apns_priority,
            apns_collapse_id=apns_collapse_id,
        )
    ).parsed
