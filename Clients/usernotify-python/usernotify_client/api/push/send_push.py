from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.ap_ns_payload import APNsPayload
from ...models.problem import Problem
from ...models.send_push_apns_priority import (
    SendPushApnsPriority,
)
from ...models.send_push_apns_push_type import (
    SendPushApnsPushType,
)
from ...models.send_push_response_400 import SendPushResponse400
from ...models.send_push_response_403 import SendPushResponse403
from ...models.send_push_response_410 import SendPushResponse410
from ...models.send_push_response_413 import SendPushResponse413
from ...types import UNSET, Response, Unset


def _get_kwargs(
    device_token: str,
    *,
    body: APNsPayload,
    idempotency_key: str | Unset = UNSET,
    traceparent: str | Unset = UNSET,
    apns_topic: str,
    apns_push_type: SendPushApnsPushType | Unset = UNSET,
    apns_id: str | Unset = UNSET,
    apns_expiration: str | Unset = UNSET,
    apns_priority: SendPushApnsPriority | Unset = UNSET,
    apns_collapse_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    if not isinstance(traceparent, Unset):
        headers["traceparent"] = traceparent

    headers["apns-topic"] = apns_topic

    if not isinstance(apns_push_type, Unset):
        headers["apns-push-type"] = str(apns_push_type)

    if not isinstance(apns_id, Unset):
        headers["apns-id"] = apns_id

    if not isinstance(apns_expiration, Unset):
        headers["apns-expiration"] = apns_expiration

    if not isinstance(apns_priority, Unset):
        headers["apns-priority"] = str(apns_priority)

    if not isinstance(apns_collapse_id, Unset):
        headers["apns-collapse-id"] = apns_collapse_id

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/3/device/{device_token}".format(
            device_token=quote(str(device_token), safe=""),
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
    | SendPushResponse400
    | SendPushResponse403
    | SendPushResponse410
    | SendPushResponse413
    | None
):
    if response.status_code == 200:
        response_200 = cast(Any, None)
        return response_200

    if response.status_code == 400:
        response_400 = SendPushResponse400.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = SendPushResponse403.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = Problem.from_dict(response.json())

        return response_409

    if response.status_code == 410:
        response_410 = SendPushResponse410.from_dict(response.json())

        return response_410

    if response.status_code == 413:
        response_413 = SendPushResponse413.from_dict(response.json())

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
) -> Response[
    Any
    | Problem
    | SendPushResponse400
    | SendPushResponse403
    | SendPushResponse410
    | SendPushResponse413
]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    device_token: str,
    *,
    client: AuthenticatedClient,
    body: APNsPayload,
    idempotency_key: str | Unset = UNSET,
    traceparent: str | Unset = UNSET,
    apns_topic: str,
    apns_push_type: SendPushApnsPushType | Unset = UNSET,
    apns_id: str | Unset = UNSET,
    apns_expiration: str | Unset = UNSET,
    apns_priority: SendPushApnsPriority | Unset = UNSET,
    apns_collapse_id: str | Unset = UNSET,
) -> Response[
    Any
    | Problem
    | SendPushResponse400
    | SendPushResponse403
    | SendPushResponse410
    | SendPushResponse413
]:
    """Pushes an APNs-format notification to a center, as APNs' HTTP/2 API does.

     The app key is the provider token (`authorization: bearer unk_…`). The payload (at most 4096 bytes)
    is `{"aps": {…}}` with custom keys beside `aps`, which become `userInfo`. `aps` maps to the content:
    `alert` (a string is the body; a dictionary has title, subtitle, body, launch-image, title-loc-key,
    title-loc-args, subtitle-loc-key, subtitle-loc-args, loc-key, loc-args), `badge`, `sound` (a name,
    "default", or {critical, name, volume}), `thread-id`, `category`, `content-available`,
    `mutable-content` (the service extension may change the content), `target-content-id`,
    `interruption-level`, `relevance-score`, `filter-criteria`.

    `apns-collapse-id` becomes the request identifier, so a later push replaces the notification of
    an earlier one; without it the identifier is the `apns-id`. A center that is offline
    (`online: false`) keeps the latest push until `apns-expiration` (0: not kept; absent: 30 days) and
    gets it when it comes back online. A background push (`content-available: 1` and nothing to show,
    `apns-push-type: background`, priority 5) is not presented: the app's delegate gets a
    `push.background` webhook.

    Errors are APNs' statuses and `reason` strings (also the problem's `code`): 400 BadDeviceToken
    (malformed, unknown, or another app's), BadCollapseId, BadExpirationDate, BadMessageId, BadPriority,
    DuplicateHeaders, InvalidPushType, MissingTopic, PayloadEmpty, TopicDisallowed, BadPayload (the JSON
    or a key of the wrong type); 403 MissingProviderToken, InvalidProviderToken; 410 Unregistered (with
    `timestamp`, ms since the epoch, when the token was retired); 413 PayloadTooLarge.

    Args:
        device_token (str):
        idempotency_key (str | Unset):
        traceparent (str | Unset):  Example:
            00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01.
        apns_topic (str):
        apns_push_type (SendPushApnsPushType | Unset):
        apns_id (str | Unset):
        apns_expiration (str | Unset):
        apns_priority (SendPushApnsPriority | Unset):
        apns_collapse_id (str | Unset):
        body (APNsPayload): Custom keys beside `aps` become `userInfo`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | SendPushResponse400 | SendPushResponse403 | SendPushResponse410 | SendPushResponse413]
    """

    kwargs = _get_kwargs(
        device_token=device_token,
        body=body,
        idempotency_key=idempotency_key,
        traceparent=traceparent,
        apns_topic=apns_topic,
        apns_push_type=apns_push_type,
        apns_id=apns_id,
        apns_expiration=apns_expiration,
        apns_priority=apns_priority,
        apns_collapse_id=apns_collapse_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    device_token: str,
    *,
    client: AuthenticatedClient,
    body: APNsPayload,
    idempotency_key: str | Unset = UNSET,
    traceparent: str | Unset = UNSET,
    apns_topic: str,
    apns_push_type: SendPushApnsPushType | Unset = UNSET,
    apns_id: str | Unset = UNSET,
    apns_expiration: str | Unset = UNSET,
    apns_priority: SendPushApnsPriority | Unset = UNSET,
    apns_collapse_id: str | Unset = UNSET,
) -> (
    Any
    | Problem
    | SendPushResponse400
    | SendPushResponse403
    | SendPushResponse410
    | SendPushResponse413
    | None
):
    """Pushes an APNs-format notification to a center, as APNs' HTTP/2 API does.

     The app key is the provider token (`authorization: bearer unk_…`). The payload (at most 4096 bytes)
    is `{"aps": {…}}` with custom keys beside `aps`, which become `userInfo`. `aps` maps to the content:
    `alert` (a string is the body; a dictionary has title, subtitle, body, launch-image, title-loc-key,
    title-loc-args, subtitle-loc-key, subtitle-loc-args, loc-key, loc-args), `badge`, `sound` (a name,
    "default", or {critical, name, volume}), `thread-id`, `category`, `content-available`,
    `mutable-content` (the service extension may change the content), `target-content-id`,
    `interruption-level`, `relevance-score`, `filter-criteria`.

    `apns-collapse-id` becomes the request identifier, so a later push replaces the notification of
    an earlier one; without it the identifier is the `apns-id`. A center that is offline
    (`online: false`) keeps the latest push until `apns-expiration` (0: not kept; absent: 30 days) and
    gets it when it comes back online. A background push (`content-available: 1` and nothing to show,
    `apns-push-type: background`, priority 5) is not presented: the app's delegate gets a
    `push.background` webhook.

    Errors are APNs' statuses and `reason` strings (also the problem's `code`): 400 BadDeviceToken
    (malformed, unknown, or another app's), BadCollapseId, BadExpirationDate, BadMessageId, BadPriority,
    DuplicateHeaders, InvalidPushType, MissingTopic, PayloadEmpty, TopicDisallowed, BadPayload (the JSON
    or a key of the wrong type); 403 MissingProviderToken, InvalidProviderToken; 410 Unregistered (with
    `timestamp`, ms since the epoch, when the token was retired); 413 PayloadTooLarge.

    Args:
        device_token (str):
        idempotency_key (str | Unset):
        traceparent (str | Unset):  Example:
            00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01.
        apns_topic (str):
        apns_push_type (SendPushApnsPushType | Unset):
        apns_id (str | Unset):
        apns_expiration (str | Unset):
        apns_priority (SendPushApnsPriority | Unset):
        apns_collapse_id (str | Unset):
        body (APNsPayload): Custom keys beside `aps` become `userInfo`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | SendPushResponse400 | SendPushResponse403 | SendPushResponse410 | SendPushResponse413
    """

    return sync_detailed(
        device_token=device_token,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
        traceparent=traceparent,
        apns_topic=apns_topic,
        apns_push_type=apns_push_type,
        apns_id=apns_id,
        apns_expiration=apns_expiration,
        apns_priority=apns_priority,
        apns_collapse_id=apns_collapse_id,
    ).parsed


async def asyncio_detailed(
    device_token: str,
    *,
    client: AuthenticatedClient,
    body: APNsPayload,
    idempotency_key: str | Unset = UNSET,
    traceparent: str | Unset = UNSET,
    apns_topic: str,
    apns_push_type: SendPushApnsPushType | Unset = UNSET,
    apns_id: str | Unset = UNSET,
    apns_expiration: str | Unset = UNSET,
    apns_priority: SendPushApnsPriority | Unset = UNSET,
    apns_collapse_id: str | Unset = UNSET,
) -> Response[
    Any
    | Problem
    | SendPushResponse400
    | SendPushResponse403
    | SendPushResponse410
    | SendPushResponse413
]:
    """Pushes an APNs-format notification to a center, as APNs' HTTP/2 API does.

     The app key is the provider token (`authorization: bearer unk_…`). The payload (at most 4096 bytes)
    is `{"aps": {…}}` with custom keys beside `aps`, which become `userInfo`. `aps` maps to the content:
    `alert` (a string is the body; a dictionary has title, subtitle, body, launch-image, title-loc-key,
    title-loc-args, subtitle-loc-key, subtitle-loc-args, loc-key, loc-args), `badge`, `sound` (a name,
    "default", or {critical, name, volume}), `thread-id`, `category`, `content-available`,
    `mutable-content` (the service extension may change the content), `target-content-id`,
    `interruption-level`, `relevance-score`, `filter-criteria`.

    `apns-collapse-id` becomes the request identifier, so a later push replaces the notification of
    an earlier one; without it the identifier is the `apns-id`. A center that is offline
    (`online: false`) keeps the latest push until `apns-expiration` (0: not kept; absent: 30 days) and
    gets it when it comes back online. A background push (`content-available: 1` and nothing to show,
    `apns-push-type: background`, priority 5) is not presented: the app's delegate gets a
    `push.background` webhook.

    Errors are APNs' statuses and `reason` strings (also the problem's `code`): 400 BadDeviceToken
    (malformed, unknown, or another app's), BadCollapseId, BadExpirationDate, BadMessageId, BadPriority,
    DuplicateHeaders, InvalidPushType, MissingTopic, PayloadEmpty, TopicDisallowed, BadPayload (the JSON
    or a key of the wrong type); 403 MissingProviderToken, InvalidProviderToken; 410 Unregistered (with
    `timestamp`, ms since the epoch, when the token was retired); 413 PayloadTooLarge.

    Args:
        device_token (str):
        idempotency_key (str | Unset):
        traceparent (str | Unset):  Example:
            00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01.
        apns_topic (str):
        apns_push_type (SendPushApnsPushType | Unset):
        apns_id (str | Unset):
        apns_expiration (str | Unset):
        apns_priority (SendPushApnsPriority | Unset):
        apns_collapse_id (str | Unset):
        body (APNsPayload): Custom keys beside `aps` become `userInfo`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem | SendPushResponse400 | SendPushResponse403 | SendPushResponse410 | SendPushResponse413]
    """

    kwargs = _get_kwargs(
        device_token=device_token,
        body=body,
        idempotency_key=idempotency_key,
        traceparent=traceparent,
        apns_topic=apns_topic,
        apns_push_type=apns_push_type,
        apns_id=apns_id,
        apns_expiration=apns_expiration,
        apns_priority=apns_priority,
        apns_collapse_id=apns_collapse_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    device_token: str,
    *,
    client: AuthenticatedClient,
    body: APNsPayload,
    idempotency_key: str | Unset = UNSET,
    traceparent: str | Unset = UNSET,
    apns_topic: str,
    apns_push_type: SendPushApnsPushType | Unset = UNSET,
    apns_id: str | Unset = UNSET,
    apns_expiration: str | Unset = UNSET,
    apns_priority: SendPushApnsPriority | Unset = UNSET,
    apns_collapse_id: str | Unset = UNSET,
) -> (
    Any
    | Problem
    | SendPushResponse400
    | SendPushResponse403
    | SendPushResponse410
    | SendPushResponse413
    | None
):
    """Pushes an APNs-format notification to a center, as APNs' HTTP/2 API does.

     The app key is the provider token (`authorization: bearer unk_…`). The payload (at most 4096 bytes)
    is `{"aps": {…}}` with custom keys beside `aps`, which become `userInfo`. `aps` maps to the content:
    `alert` (a string is the body; a dictionary has title, subtitle, body, launch-image, title-loc-key,
    title-loc-args, subtitle-loc-key, subtitle-loc-args, loc-key, loc-args), `badge`, `sound` (a name,
    "default", or {critical, name, volume}), `thread-id`, `category`, `content-available`,
    `mutable-content` (the service extension may change the content), `target-content-id`,
    `interruption-level`, `relevance-score`, `filter-criteria`.

    `apns-collapse-id` becomes the request identifier, so a later push replaces the notification of
    an earlier one; without it the identifier is the `apns-id`. A center that is offline
    (`online: false`) keeps the latest push until `apns-expiration` (0: not kept; absent: 30 days) and
    gets it when it comes back online. A background push (`content-available: 1` and nothing to show,
    `apns-push-type: background`, priority 5) is not presented: the app's delegate gets a
    `push.background` webhook.

    Errors are APNs' statuses and `reason` strings (also the problem's `code`): 400 BadDeviceToken
    (malformed, unknown, or another app's), BadCollapseId, BadExpirationDate, BadMessageId, BadPriority,
    DuplicateHeaders, InvalidPushType, MissingTopic, PayloadEmpty, TopicDisallowed, BadPayload (the JSON
    or a key of the wrong type); 403 MissingProviderToken, InvalidProviderToken; 410 Unregistered (with
    `timestamp`, ms since the epoch, when the token was retired); 413 PayloadTooLarge.

    Args:
        device_token (str):
        idempotency_key (str | Unset):
        traceparent (str | Unset):  Example:
            00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01.
        apns_topic (str):
        apns_push_type (SendPushApnsPushType | Unset):
        apns_id (str | Unset):
        apns_expiration (str | Unset):
        apns_priority (SendPushApnsPriority | Unset):
        apns_collapse_id (str | Unset):
        body (APNsPayload): Custom keys beside `aps` become `userInfo`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem | SendPushResponse400 | SendPushResponse403 | SendPushResponse410 | SendPushResponse413
    """

    return (
        await asyncio_detailed(
            device_token=device_token,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
            traceparent=traceparent,
            apns_topic=apns_topic,
            apns_push_type=apns_push_type,
            apns_id=apns_id,
            apns_expiration=apns_expiration,
            apns_priority=apns_priority,
            apns_collapse_id=apns_collapse_id,
        )
    ).parsed
