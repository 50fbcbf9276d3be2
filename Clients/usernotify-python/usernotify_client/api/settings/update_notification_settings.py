from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.notification_settings import NotificationSettings
from ...models.notification_settings_change import NotificationSettingsChange
from ...models.problem import Problem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: NotificationSettingsChange,
    traceparent: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(traceparent, Unset):
        headers["traceparent"] = traceparent

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/me/settings",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> NotificationSettings | Problem | None:
    if response.status_code == 200:
        response_200 = NotificationSettings.from_dict(response.json())

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
) -> Response[NotificationSettings | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: NotificationSettingsChange,
    traceparent: str | Unset = UNSET,
) -> Response[NotificationSettings | Problem]:
    """What the user changes in the Settings app; absent fields stay.

     User. The app hears of it through the `settings.changed` webhook.

    Args:
        traceparent (str | Unset):  Example:
            00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01.
        body (NotificationSettingsChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NotificationSettings | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        traceparent=traceparent,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: NotificationSettingsChange,
    traceparent: str | Unset = UNSET,
) -> NotificationSettings | Problem | None:
    """What the user changes in the Settings app; absent fields stay.

     User. The app hears of it through the `settings.changed` webhook.

    Args:
        traceparent (str | Unset):  Example:
            00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01.
        body (NotificationSettingsChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NotificationSettings | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
        traceparent=traceparent,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: NotificationSettingsChange,
    traceparent: str | Unset = UNSET,
) -> Response[NotificationSettings | Problem]:
    """What the user changes in the Settings app; absent fields stay.

     User. The app hears of it through the `settings.changed` webhook.

    Args:
        traceparent (str | Unset):  Example:
            00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01.
        body (NotificationSettingsChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[NotificationSettings | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
        traceparent=traceparent,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: NotificationSettingsChange,
    traceparent: str | Unset = UNSET,
) -> NotificationSettings | Problem | None:
    """What the user changes in the Settings app; absent fields stay.

     User. The app hears of it through the `settings.changed` webhook.

    Args:
        traceparent (str | Unset):  Example:
            00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01.
        body (NotificationSettingsChange):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        NotificationSettings | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            traceparent=traceparent,
        )
    ).parsed
