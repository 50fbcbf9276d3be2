from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.stream_event_frame import StreamEventFrame
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/me/events",
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | StreamEventFrame | None:
    if response.status_code == 200:
        response_200 = StreamEventFrame.from_dict(response.text)

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
) -> Response[Problem | StreamEventFrame]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | StreamEventFrame]:
    """Server-Sent Events — authorizationPrompt, settingsChanged, presented, badgeChanged,
    deliveredRemoved, pendingRemoved, reset.

     Each event's data is JSON. Event ids are the center's event sequence (1, 2, 3…), kept in the store:
    reconnect with `Last-Event-ID` to resume, also after a restart of the service or on another replica;
    the service keeps each center's newest 256 events, and an id it cannot resume from gets `reset`
    first.
    The stream says where it starts before any event: a frame with only an `id` (the sequence it
    resumes after), which a client keeps as its last event ID without an event being dispatched
    (`EventSource` does so). A client that reconnects after any failure — even before the first event —
    sends it back as `Last-Event-ID` and misses nothing committed between the two connections. An
    empty `Last-Event-ID` counts as none.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamEventFrame]
    """

    kwargs = _get_kwargs(
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> Problem | StreamEventFrame | None:
    """Server-Sent Events — authorizationPrompt, settingsChanged, presented, badgeChanged,
    deliveredRemoved, pendingRemoved, reset.

     Each event's data is JSON. Event ids are the center's event sequence (1, 2, 3…), kept in the store:
    reconnect with `Last-Event-ID` to resume, also after a restart of the service or on another replica;
    the service keeps each center's newest 256 events, and an id it cannot resume from gets `reset`
    first.
    The stream says where it starts before any event: a frame with only an `id` (the sequence it
    resumes after), which a client keeps as its last event ID without an event being dispatched
    (`EventSource` does so). A client that reconnects after any failure — even before the first event —
    sends it back as `Last-Event-ID` and misses nothing committed between the two connections. An
    empty `Last-Event-ID` counts as none.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamEventFrame
    """

    return sync_detailed(
        client=client,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> Response[Problem | StreamEventFrame]:
    """Server-Sent Events — authorizationPrompt, settingsChanged, presented, badgeChanged,
    deliveredRemoved, pendingRemoved, reset.

     Each event's data is JSON. Event ids are the center's event sequence (1, 2, 3…), kept in the store:
    reconnect with `Last-Event-ID` to resume, also after a restart of the service or on another replica;
    the service keeps each center's newest 256 events, and an id it cannot resume from gets `reset`
    first.
    The stream says where it starts before any event: a frame with only an `id` (the sequence it
    resumes after), which a client keeps as its last event ID without an event being dispatched
    (`EventSource` does so). A client that reconnects after any failure — even before the first event —
    sends it back as `Last-Event-ID` and misses nothing committed between the two connections. An
    empty `Last-Event-ID` counts as none.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StreamEventFrame]
    """

    kwargs = _get_kwargs(
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    last_event_id: str | Unset = UNSET,
) -> Problem | StreamEventFrame | None:
    """Server-Sent Events — authorizationPrompt, settingsChanged, presented, badgeChanged,
    deliveredRemoved, pendingRemoved, reset.

     Each event's data is JSON. Event ids are the center's event sequence (1, 2, 3…), kept in the store:
    reconnect with `Last-Event-ID` to resume, also after a restart of the service or on another replica;
    the service keeps each center's newest 256 events, and an id it cannot resume from gets `reset`
    first.
    The stream says where it starts before any event: a frame with only an `id` (the sequence it
    resumes after), which a client keeps as its last event ID without an event being dispatched
    (`EventSource` does so). A client that reconnects after any failure — even before the first event —
    sends it back as `Last-Event-ID` and misses nothing committed between the two connections. An
    empty `Last-Event-ID` counts as none.

    Args:
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StreamEventFrame
    """

    return (
        await asyncio_detailed(
            client=client,
            last_event_id=last_event_id,
        )
    ).parsed
