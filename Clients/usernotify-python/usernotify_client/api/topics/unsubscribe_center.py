from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.topic_list import TopicList
from ...types import Response


def _get_kwargs(
    center_id: str,
    topic: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/centers/{center_id}/topics/{topic}".format(
            center_id=quote(str(center_id), safe=""),
            topic=quote(str(topic), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | TopicList | None:
    if response.status_code == 200:
        response_200 = TopicList.from_dict(response.json())

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

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

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
) -> Response[Problem | TopicList]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    center_id: str,
    topic: str,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | TopicList]:
    """Unsubscribes one of the app's centers from a topic (one it is not subscribed to is no change).

    Args:
        center_id (str):
        topic (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TopicList]
    """

    kwargs = _get_kwargs(
        center_id=center_id,
        topic=topic,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    center_id: str,
    topic: str,
    *,
    client: AuthenticatedClient,
) -> Problem | TopicList | None:
    """Unsubscribes one of the app's centers from a topic (one it is not subscribed to is no change).

    Args:
        center_id (str):
        topic (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TopicList
    """

    return sync_detailed(
        center_id=center_id,
        topic=topic,
        client=client,
    ).parsed


async def asyncio_detailed(
    center_id: str,
    topic: str,
    *,
    client: AuthenticatedClient,
) -> Response[Problem | TopicList]:
    """Unsubscribes one of the app's centers from a topic (one it is not subscribed to is no change).

    Args:
        center_id (str):
        topic (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | TopicList]
    """

    kwargs = _get_kwargs(
        center_id=center_id,
        topic=topic,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    center_id: str,
    topic: str,
    *,
    client: AuthenticatedClient,
) -> Problem | TopicList | None:
    """Unsubscribes one of the app's centers from a topic (one it is not subscribed to is no change).

    Args:
        center_id (str):
        topic (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | TopicList
    """

    return (
        await asyncio_detailed(
            center_id=center_id,
            topic=topic,
            client=client,
        )
    ).parsed
