from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.string_table import StringTable
from ...types import Response


def _get_kwargs(
    locale: str,
    *,
    body: StringTable,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/localizations/{locale}".format(
            locale=quote(str(locale), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | StringTable | None:
    if response.status_code == 200:
        response_200 = StringTable.from_dict(response.json())

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | StringTable]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    locale: str,
    *,
    client: AuthenticatedClient,
    body: StringTable,
) -> Response[Problem | StringTable]:
    """Replaces the string table of a locale (the Localizable.strings idea, as JSON).

     Content with `titleLocalization`, `subtitleLocalization` or `bodyLocalization` is resolved at
    delivery in the center's locale (`de-CH`, then `de`), then the default locale, then the key itself.
    Formats take `%@`, `%d` and the like in order, `%1$@` by position, and `%%` for a percent sign.

    Args:
        locale (str): A language tag such as en, de-CH or pt_BR. Example: de-CH.
        body (StringTable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StringTable]
    """

    kwargs = _get_kwargs(
        locale=locale,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    locale: str,
    *,
    client: AuthenticatedClient,
    body: StringTable,
) -> Problem | StringTable | None:
    """Replaces the string table of a locale (the Localizable.strings idea, as JSON).

     Content with `titleLocalization`, `subtitleLocalization` or `bodyLocalization` is resolved at
    delivery in the center's locale (`de-CH`, then `de`), then the default locale, then the key itself.
    Formats take `%@`, `%d` and the like in order, `%1$@` by position, and `%%` for a percent sign.

    Args:
        locale (str): A language tag such as en, de-CH or pt_BR. Example: de-CH.
        body (StringTable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StringTable
    """

    return sync_detailed(
        locale=locale,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    locale: str,
    *,
    client: AuthenticatedClient,
    body: StringTable,
) -> Response[Problem | StringTable]:
    """Replaces the string table of a locale (the Localizable.strings idea, as JSON).

     Content with `titleLocalization`, `subtitleLocalization` or `bodyLocalization` is resolved at
    delivery in the center's locale (`de-CH`, then `de`), then the default locale, then the key itself.
    Formats take `%@`, `%d` and the like in order, `%1$@` by position, and `%%` for a percent sign.

    Args:
        locale (str): A language tag such as en, de-CH or pt_BR. Example: de-CH.
        body (StringTable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | StringTable]
    """

    kwargs = _get_kwargs(
        locale=locale,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    locale: str,
    *,
    client: AuthenticatedClient,
    body: StringTable,
) -> Problem | StringTable | None:
    """Replaces the string table of a locale (the Localizable.strings idea, as JSON).

     Content with `titleLocalization`, `subtitleLocalization` or `bodyLocalization` is resolved at
    delivery in the center's locale (`de-CH`, then `de`), then the default locale, then the key itself.
    Formats take `%@`, `%d` and the like in order, `%1$@` by position, and `%%` for a percent sign.

    Args:
        locale (str): A language tag such as en, de-CH or pt_BR. Example: de-CH.
        body (StringTable):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | StringTable
    """

    return (
        await asyncio_detailed(
            locale=locale,
            client=client,
            body=body,
        )
    ).parsed
