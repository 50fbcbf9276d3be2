from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.media import Media
from ...models.problem import Problem
from ...types import UNSET, File, Response, Unset


def _get_kwargs(
    *,
    body: File,
    type_hint: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    params: dict[str, Any] = {}

    params["typeHint"] = type_hint

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/media",
        "params": params,
    }

    _kwargs["content"] = body.payload
    headers["Content-Type"] = "application/octet-stream"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Media | Problem | None:
    if response.status_code == 200:
        response_200 = Media.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = Media.from_dict(response.json())

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
) -> Response[Media | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: File,
    type_hint: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Media | Problem]:
    """Uploads a file for attachments (the raw body), streamed to disk.

     The type is decided by the content (magic bytes), never by the name or the Content-Type header:
    images JPEG, PNG, GIF, HEIC (at most 10,000,000 bytes); audio AIFF, WAV, MP3, M4A (5,000,000);
    video MPEG, MPEG-2, MP4, AVI (50,000,000). The same content uploaded again by the app is the same
    media (200). An upload is staged until a request attaches it (`mediaID`) and is dropped if none
    does within 24 hours; once attached it lives as long as a pending request or delivered notification
    holds it, and goes, with its file, when the last one is removed (the framework's life cycle). All
    of an app's media count against its quota.

    Args:
        type_hint (str | Unset):
        idempotency_key (str | Unset):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Media | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        type_hint=type_hint,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: File,
    type_hint: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Media | Problem | None:
    """Uploads a file for attachments (the raw body), streamed to disk.

     The type is decided by the content (magic bytes), never by the name or the Content-Type header:
    images JPEG, PNG, GIF, HEIC (at most 10,000,000 bytes); audio AIFF, WAV, MP3, M4A (5,000,000);
    video MPEG, MPEG-2, MP4, AVI (50,000,000). The same content uploaded again by the app is the same
    media (200). An upload is staged until a request attaches it (`mediaID`) and is dropped if none
    does within 24 hours; once attached it lives as long as a pending request or delivered notification
    holds it, and goes, with its file, when the last one is removed (the framework's life cycle). All
    of an app's media count against its quota.

    Args:
        type_hint (str | Unset):
        idempotency_key (str | Unset):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Media | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        type_hint=type_hint,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: File,
    type_hint: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Media | Problem]:
    """Uploads a file for attachments (the raw body), streamed to disk.

     The type is decided by the content (magic bytes), never by the name or the Content-Type header:
    images JPEG, PNG, GIF, HEIC (at most 10,000,000 bytes); audio AIFF, WAV, MP3, M4A (5,000,000);
    video MPEG, MPEG-2, MP4, AVI (50,000,000). The same content uploaded again by the app is the same
    media (200). An upload is staged until a request attaches it (`mediaID`) and is dropped if none
    does within 24 hours; once attached it lives as long as a pending request or delivered notification
    holds it, and goes, with its file, when the last one is removed (the framework's life cycle). All
    of an app's media count against its quota.

    Args:
        type_hint (str | Unset):
        idempotency_key (str | Unset):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Media | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        type_hint=type_hint,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: File,
    type_hint: str | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Media | Problem | None:
    """Uploads a file for attachments (the raw body), streamed to disk.

     The type is decided by the content (magic bytes), never by the name or the Content-Type header:
    images JPEG, PNG, GIF, HEIC (at most 10,000,000 bytes); audio AIFF, WAV, MP3, M4A (5,000,000);
    video MPEG, MPEG-2, MP4, AVI (50,000,000). The same content uploaded again by the app is the same
    media (200). An upload is staged until a request attaches it (`mediaID`) and is dropped if none
    does within 24 hours; once attached it lives as long as a pending request or delivered notification
    holds it, and goes, with its file, when the last one is removed (the framework's life cycle). All
    of an app's media count against its quota.

    Args:
        type_hint (str | Unset):
        idempotency_key (str | Unset):
        body (File):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Media | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            type_hint=type_hint,
            idempotency_key=idempotency_key,
        )
    ).parsed
