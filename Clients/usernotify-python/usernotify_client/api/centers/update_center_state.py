from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.center_state import CenterState
from ...models.center_state_change import CenterStateChange
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: CenterStateChange,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/me/state",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> CenterState | Problem | None:
    if response.status_code == 200:
        response_200 = CenterState.from_dict(response.json())

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
) -> Response[CenterState | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: CenterStateChange,
) -> Response[CenterState | Problem]:
    """App state, lock, Focus, time zone, locale; absent fields stay, `focus` null ends Focus.

     User. What the device reports: whether the app is in the foreground (willPresent is asked then),
    whether the device is locked, the Focus (what it lets through, its schedule, the app's Focus
    filter), the time zone (calendar triggers, Focus schedules and summary times follow it), the locale
    (localized content follows it) and the Scheduled Summary's times. Summary times apply to
    notifications held from then on.

    Args:
        body (CenterStateChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CenterState | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: CenterStateChange,
) -> CenterState | Problem | None:
    """App state, lock, Focus, time zone, locale; absent fields stay, `focus` null ends Focus.

     User. What the device reports: whether the app is in the foreground (willPresent is asked then),
    whether the device is locked, the Focus (what it lets through, its schedule, the app's Focus
    filter), the time zone (calendar triggers, Focus schedules and summary times follow it), the locale
    (localized content follows it) and the Scheduled Summary's times. Summary times apply to
    notifications held from then on.

    Args:
        body (CenterStateChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CenterState | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: CenterStateChange,
) -> Response[CenterState | Problem]:
    """App state, lock, Focus, time zone, locale; absent fields stay, `focus` null ends Focus.

     User. What the device reports: whether the app is in the foreground (willPresent is asked then),
    whether the device is locked, the Focus (what it lets through, its schedule, the app's Focus
    filter), the time zone (calendar triggers, Focus schedules and summary times follow it), the locale
    (localized content follows it) and the Scheduled Summary's times. Summary times apply to
    notifications held from then on.

    Args:
        body (CenterStateChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[CenterState | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: CenterStateChange,
) -> CenterState | Problem | None:
    """App state, lock, Focus, time zone, locale; absent fields stay, `focus` null ends Focus.

     User. What the device reports: whether the app is in the foreground (willPresent is asked then),
    whether the device is locked, the Focus (what it lets through, its schedule, the app's Focus
    filter), the time zone (calendar triggers, Focus schedules and summary times follow it), the locale
    (localized content follows it) and the Scheduled Summary's times. Summary times apply to
    notifications held from then on.

    Args:
        body (CenterStateChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        CenterState | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
