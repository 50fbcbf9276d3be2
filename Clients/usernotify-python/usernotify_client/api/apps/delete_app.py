from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    app_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/apps/{app_id}".format(
            app_id=quote(str(app_id), safe=""),
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
    app_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem]:
    """Deletes the app with its centers, categories and keys.

     Operator. Removes the app and everything it owns: centers (with their pending and delivered
    notifications), topics, categories, webhook settings and outbox, string tables, media and keys. The
    answer comes at once: from then on no call finds the app, and its keys and its centers' tokens stop
    working. What it owns goes after the answer, in the background: its broadcasts and pending requests
    first, so that nothing of it fires any more; then its outbox, and its centers a batch at a time
    (each batch in a transaction of its own, so that a large app never holds up the others; a second or
    two per 10,000 centers), each center's push token retired with it. A deletion cut short by a crash
    is finished when the server starts again.

    Args:
        app_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        app_id=app_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    app_id: str,
    *,
    client: AuthenticatedClient,
) -> Any | Problem | None:
    """Deletes the app with its centers, categories and keys.

     Operator. Removes the app and everything it owns: centers (with their pending and delivered
    notifications), topics, categories, webhook settings and outbox, string tables, media and keys. The
    answer comes at once: from then on no call finds the app, and its keys and its centers' tokens stop
    working. What it owns goes after the answer, in the background: its broadcasts and pending requests
    first, so that nothing of it fires any more; then its outbox, and its centers a batch at a time
    (each batch in a transaction of its own, so that a large app never holds up the others; a second or
    two per 10,000 centers), each center's push token retired with it. A deletion cut short by a crash
    is finished when the server starts again.

    Args:
        app_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return sync_detailed(
        app_id=app_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    app_id: str,
    *,
    client: AuthenticatedClient,
) -> Response[Any | Problem]:
    """Deletes the app with its centers, categories and keys.

     Operator. Removes the app and everything it owns: centers (with their pending and delivered
    notifications), topics, categories, webhook settings and outbox, string tables, media and keys. The
    answer comes at once: from then on no call finds the app, and its keys and its centers' tokens stop
    working. What it owns goes after the answer, in the background: its broadcasts and pending requests
    first, so that nothing of it fires any more; then its outbox, and its centers a batch at a time
    (each batch in a transaction of its own, so that a large app never holds up the others; a second or
    two per 10,000 centers), each center's push token retired with it. A deletion cut short by a crash
    is finished when the server starts again.

    Args:
        app_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | Problem]
    """

    kwargs = _get_kwargs(
        app_id=app_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    app_id: str,
    *,
    client: AuthenticatedClient,
) -> Any | Problem | None:
    """Deletes the app with its centers, categories and keys.

     Operator. Removes the app and everything it owns: centers (with their pending and delivered
    notifications), topics, categories, webhook settings and outbox, string tables, media and keys. The
    answer comes at once: from then on no call finds the app, and its keys and its centers' tokens stop
    working. What it owns goes after the answer, in the background: its broadcasts and pending requests
    first, so that nothing of it fires any more; then its outbox, and its centers a batch at a time
    (each batch in a transaction of its own, so that a large app never holds up the others; a second or
    two per 10,000 centers), each center's push token retired with it. A deletion cut short by a crash
    is finished when the server starts again.

    Args:
        app_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | Problem
    """

    return (
        await asyncio_detailed(
            app_id=app_id,
            client=client,
        )
    ).parsed
