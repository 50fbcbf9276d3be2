from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.clock import Clock
from ...models.clock_advance import ClockAdvance
from ...models.clock_set import ClockSet
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ClockAdvance | ClockSet,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/clock",
    }

    if isinstance(body, ClockSet):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Clock | Problem | None:
    if response.status_code == 200:
        response_200 = Clock.from_dict(response.json())

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Clock | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ClockAdvance | ClockSet,
    idempotency_key: str | Unset = UNSET,
) -> Response[Clock | Problem]:
    """Sets or advances the virtual clock; replies once everything due has fired.

     Operator, virtual clock only (409 `virtualClockOff` otherwise). `advanceBy` moves the clock forward
    by seconds; `now` sets it (a date before the current time is ignored: the clock never goes back).
    The answer comes once every request due by the new time has fired, so that a test can read the
    delivered list right after.

    Args:
        idempotency_key (str | Unset):
        body (ClockAdvance | ClockSet): Either `now` (moving backwards is ignored) or `advanceBy`,
            not both.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Clock | Problem]
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
    body: ClockAdvance | ClockSet,
    idempotency_key: str | Unset = UNSET,
) -> Clock | Problem | None:
    """Sets or advances the virtual clock; replies once everything due has fired.

     Operator, virtual clock only (409 `virtualClockOff` otherwise). `advanceBy` moves the clock forward
    by seconds; `now` sets it (a date before the current time is ignored: the clock never goes back).
    The answer comes once every request due by the new time has fired, so that a test can read the
    delivered list right after.

    Args:
        idempotency_key (str | Unset):
        body (ClockAdvance | ClockSet): Either `now` (moving backwards is ignored) or `advanceBy`,
            not both.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Clock | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ClockAdvance | ClockSet,
    idempotency_key: str | Unset = UNSET,
) -> Response[Clock | Problem]:
    """Sets or advances the virtual clock; replies once everything due has fired.

     Operator, virtual clock only (409 `virtualClockOff` otherwise). `advanceBy` moves the clock forward
    by seconds; `now` sets it (a date before the current time is ignored: the clock never goes back).
    The answer comes once every request due by the new time has fired, so that a test can read the
    delivered list right after.

    Args:
        idempotency_key (str | Unset):
        body (ClockAdvance | ClockSet): Either `now` (moving backwards is ignored) or `advanceBy`,
            not both.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Clock | Problem]
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
    body: ClockAdvance | ClockSet,
    idempotency_key: str | Unset = UNSET,
) -> Clock | Problem | None:
    """Sets or advances the virtual clock; replies once everything due has fired.

     Operator, virtual clock only (409 `virtualClockOff` otherwise). `advanceBy` moves the clock forward
    by seconds; `now` sets it (a date before the current time is ignored: the clock never goes back).
    The answer comes once every request due by the new time has fired, so that a test can read the
    delivered list right after.

    Args:
        idempotency_key (str | Unset):
        body (ClockAdvance | ClockSet): Either `now` (moving backwards is ignored) or `advanceBy`,
            not both.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Clock | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
