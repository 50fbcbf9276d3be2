from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    topic: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/topics/{topic}".format(
            topic=quote(str(topic), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | Problem | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

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
) -> Response[Any | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    topic: str,
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem]:
    """Deletes a topic and its subscriptions.

     App. The topic is gone at once: no list shows it, no center subscribes to it, and a broadcast to the
    topic whose firings have not all come reaches no one more. Its subscriptions go after it, 4,096 a
    transaction, so that a large topic holds up no other call; the answer comes when they are gone (a
    deletion cut short is finished by the next retention sweep, or by creating the topic again). The
    identifier is free again at once, with no subscriber.

    Args:
        topic (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        topic=topic,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    topic: str,
    *,
    client: AuthenticatedClient,
) -> Any | Problem | None:
    """Deletes a topic and its subscriptions.

     App. The topic is gone at once: no list shows it, no center subscribes to it, and a broadcast to the
    topic whose firings have not all come reaches no one more. Its subscriptions go after it, 4,096 a
    transaction, so that a large topic holds up no other call; the answer comes when they are gone (a
    deletion cut short is finished by the next retention sweep, or by creating the topic again). The
    identifier is free again at once, with no subscriber.

    Args:
        topic (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        topic=topic,
        client=client,
    ).parsed


async def asyncio_detailed(
    topic: str,
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem]:
    """Deletes a topic and its subscriptions.

     App. The topic is gone at once: no list shows it, no center subscribes to it, and a broadcast to the
    topic whose firings have not all come reaches no one more. Its subscriptions go after it, 4,096 a
    transaction, so that a large topic holds up no other call; the answer comes when they are gone (a
    deletion cut short is finished by the next retention sweep, or by creating the topic again). The
    identifier is free again at once, with no subscriber.

    Args:
        topic (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        topic=topic,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    topic: str,
    *,
    client: AuthenticatedClient,
) -> Any | Problem | None:
    """Deletes a topic and its subscriptions.

     App. The topic is gone at once: no list shows it, no center subscribes to it, and a broadcast to the
    topic whose firings have not all come reaches no one more. Its subscriptions go after it, 4,096 a
    transaction, so that a large topic holds up no other call; the answer comes when they are gone (a
    deletion cut short is finished by the next retention sweep, or by creating the topic again). The
    identifier is free again at once, with no subscriber.

    Args:
        topic (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            topic=topic,
            client=client,
        )
    ).parsed
