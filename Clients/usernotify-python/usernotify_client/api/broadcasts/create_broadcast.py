from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.created_broadcast import CreatedBroadcast
from ...models.new_broadcast import NewBroadcast
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: NewBroadcast,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/broadcasts",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CreatedBroadcast | Problem | None:
    if response.status_code == 201:
        response_201 = CreatedBroadcast.from_dict(response.json())

        return response_201

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

    if response.status_code == 507:
        response_507 = Problem.from_dict(response.json())

        return response_507

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CreatedBroadcast | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NewBroadcast,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreatedBroadcast | Problem]:
    """One request for many centers: a topic's subscribers, a list of centers, or every center of the app.

     App. Each member gets the request as `add(_:)` on its own center would give it: its authorization
    and
    settings decide what is presented (a member whose user has not allowed notifications gets nothing
    and is
    counted `notAuthorized`), the delegate's webhooks, Web Push and relays run per center, and a
    delivered
    notification with the same identifier is replaced. The trigger fires once per member: none (now), a
    `timeInterval` after the broadcast is made, or `calendar` date components, which come **at that date
    in
    each member's own time zone** (9:00 local everywhere, DST included; a member whose zone has passed
    the
    date gets nothing).

    **When the audience is read:** at each member's firing, not now. When a zone's firing comes, the
    members
    of that zone at that moment (subscribed to the topic, or in the list, or any center of the app) are
    cut
    into chunks of 1,024 that any replica fires, each in one transaction; a center that subscribes
    before its
    firing gets it, one that unsubscribes before it does not, and no center gets it twice. Creating it
    writes
    one row whatever the audience's size and answers at once.

    An active broadcast with the same request identifier is replaced where its firings have not come
    (`replaced` lists it). The trigger must not repeat (422 `broadcastTriggerNotSupported`; location and
    push
    triggers belong to one center); 404 `topicNotFound`; 422 `invalidAudience` for a list of 0 or over
    1,000
    centers or one that names a center twice.

    **Attachments:** the broadcast holds the media its attachments name (uploaded, or fetched from their
    URLs
    now) while it is active, so a firing days later still has them; media the app does not have are
    refused
    (422 `attachmentNotInDataStore`). From its firing, each member's delivered notification holds them.

    Args:
        idempotency_key (str | Unset):
        body (NewBroadcast):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedBroadcast | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: NewBroadcast,
    idempotency_key: str | Unset = UNSET,
) -> CreatedBroadcast | Problem | None:
    """One request for many centers: a topic's subscribers, a list of centers, or every center of the app.

     App. Each member gets the request as `add(_:)` on its own center would give it: its authorization
    and
    settings decide what is presented (a member whose user has not allowed notifications gets nothing
    and is
    counted `notAuthorized`), the delegate's webhooks, Web Push and relays run per center, and a
    delivered
    notification with the same identifier is replaced. The trigger fires once per member: none (now), a
    `timeInterval` after the broadcast is made, or `calendar` date components, which come **at that date
    in
    each member's own time zone** (9:00 local everywhere, DST included; a member whose zone has passed
    the
    date gets nothing).

    **When the audience is read:** at each member's firing, not now. When a zone's firing comes, the
    members
    of that zone at that moment (subscribed to the topic, or in the list, or any center of the app) are
    cut
    into chunks of 1,024 that any replica fires, each in one transaction; a center that subscribes
    before its
    firing gets it, one that unsubscribes before it does not, and no center gets it twice. Creating it
    writes
    one row whatever the audience's size and answers at once.

    An active broadcast with the same request identifier is replaced where its firings have not come
    (`replaced` lists it). The trigger must not repeat (422 `broadcastTriggerNotSupported`; location and
    push
    triggers belong to one center); 404 `topicNotFound`; 422 `invalidAudience` for a list of 0 or over
    1,000
    centers or one that names a center twice.

    **Attachments:** the broadcast holds the media its attachments name (uploaded, or fetched from their
    URLs
    now) while it is active, so a firing days later still has them; media the app does not have are
    refused
    (422 `attachmentNotInDataStore`). From its firing, each member's delivered notification holds them.

    Args:
        idempotency_key (str | Unset):
        body (NewBroadcast):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedBroadcast | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NewBroadcast,
    idempotency_key: str | Unset = UNSET,
) -> Response[CreatedBroadcast | Problem]:
    """One request for many centers: a topic's subscribers, a list of centers, or every center of the app.

     App. Each member gets the request as `add(_:)` on its own center would give it: its authorization
    and
    settings decide what is presented (a member whose user has not allowed notifications gets nothing
    and is
    counted `notAuthorized`), the delegate's webhooks, Web Push and relays run per center, and a
    delivered
    notification with the same identifier is replaced. The trigger fires once per member: none (now), a
    `timeInterval` after the broadcast is made, or `calendar` date components, which come **at that date
    in
    each member's own time zone** (9:00 local everywhere, DST included; a member whose zone has passed
    the
    date gets nothing).

    **When the audience is read:** at each member's firing, not now. When a zone's firing comes, the
    members
    of that zone at that moment (subscribed to the topic, or in the list, or any center of the app) are
    cut
    into chunks of 1,024 that any replica fires, each in one transaction; a center that subscribes
    before its
    firing gets it, one that unsubscribes before it does not, and no center gets it twice. Creating it
    writes
    one row whatever the audience's size and answers at once.

    An active broadcast with the same request identifier is replaced where its firings have not come
    (`replaced` lists it). The trigger must not repeat (422 `broadcastTriggerNotSupported`; location and
    push
    triggers belong to one center); 404 `topicNotFound`; 422 `invalidAudience` for a list of 0 or over
    1,000
    centers or one that names a center twice.

    **Attachments:** the broadcast holds the media its attachments name (uploaded, or fetched from their
    URLs
    now) while it is active, so a firing days later still has them; media the app does not have are
    refused
    (422 `attachmentNotInDataStore`). From its firing, each member's delivered notification holds them.

    Args:
        idempotency_key (str | Unset):
        body (NewBroadcast):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CreatedBroadcast | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: NewBroadcast,
    idempotency_key: str | Unset = UNSET,
) -> CreatedBroadcast | Problem | None:
    """One request for many centers: a topic's subscribers, a list of centers, or every center of the app.

     App. Each member gets the request as `add(_:)` on its own center would give it: its authorization
    and
    settings decide what is presented (a member whose user has not allowed notifications gets nothing
    and is
    counted `notAuthorized`), the delegate's webhooks, Web Push and relays run per center, and a
    delivered
    notification with the same identifier is replaced. The trigger fires once per member: none (now), a
    `timeInterval` after the broadcast is made, or `calendar` date components, which come **at that date
    in
    each member's own time zone** (9:00 local everywhere, DST included; a member whose zone has passed
    the
    date gets nothing).

    **When the audience is read:** at each member's firing, not now. When a zone's firing comes, the
    members
    of that zone at that moment (subscribed to the topic, or in the list, or any center of the app) are
    cut
    into chunks of 1,024 that any replica fires, each in one transaction; a center that subscribes
    before its
    firing gets it, one that unsubscribes before it does not, and no center gets it twice. Creating it
    writes
    one row whatever the audience's size and answers at once.

    An active broadcast with the same request identifier is replaced where its firings have not come
    (`replaced` lists it). The trigger must not repeat (422 `broadcastTriggerNotSupported`; location and
    push
    triggers belong to one center); 404 `topicNotFound`; 422 `invalidAudience` for a list of 0 or over
    1,000
    centers or one that names a center twice.

    **Attachments:** the broadcast holds the media its attachments name (uploaded, or fetched from their
    URLs
    now) while it is active, so a firing days later still has them; media the app does not have are
    refused
    (422 `attachmentNotInDataStore`). From its firing, each member's delivered notification holds them.

    Args:
        idempotency_key (str | Unset):
        body (NewBroadcast):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CreatedBroadcast | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
