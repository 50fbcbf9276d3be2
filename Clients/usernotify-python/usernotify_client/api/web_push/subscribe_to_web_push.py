from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.push_subscription_request import PushSubscriptionRequest
from ...models.subscribed_browser import SubscribedBrowser
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PushSubscriptionRequest,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/me/push-subscriptions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SubscribedBrowser | None:
    if response.status_code == 200:
        response_200 = SubscribedBrowser.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = SubscribedBrowser.from_dict(response.json())

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

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | SubscribedBrowser]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | SubscribedBrowser]:
    """Registers this browser's push subscription for the signed-in center.

     User. The body is what `PushSubscription.toJSON()` gives. The endpoint must be on a known push
    service (the browser vendors', and those the operator adds) and pass the same guard as webhook
    URLs; the keys must be a P-256 point and a 16-byte secret. The same endpoint again replaces its keys
    (200). From then on every notification presented on the center reaches the browser as a Web Push
    (RFC 8030, encrypted per RFC 8291, signed per RFC 8292) whose decrypted body is a `WebPushPayload`,
    and a notification that leaves the list closes there. At most 20 subscriptions per center. An
    endpoint another center of the app had moves here (that center's app hears
    `webpush.subscription.removed`, reason `moved`); another app's subscription to it is never touched.
    The answer's `subscriptionToken` is for the browser's service worker: it renews or removes this one
    subscription (`renewWebPushSubscription`, `removeWebPushSubscription`) and nothing else, so the
    worker need not keep the center token.

    Args:
        idempotency_key (str | Unset):
        body (PushSubscriptionRequest): `PushSubscription.toJSON()`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SubscribedBrowser]
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
    body: PushSubscriptionRequest,
    idempotency_key: str | Unset = UNSET,
) -> Problem | SubscribedBrowser | None:
    """Registers this browser's push subscription for the signed-in center.

     User. The body is what `PushSubscription.toJSON()` gives. The endpoint must be on a known push
    service (the browser vendors', and those the operator adds) and pass the same guard as webhook
    URLs; the keys must be a P-256 point and a 16-byte secret. The same endpoint again replaces its keys
    (200). From then on every notification presented on the center reaches the browser as a Web Push
    (RFC 8030, encrypted per RFC 8291, signed per RFC 8292) whose decrypted body is a `WebPushPayload`,
    and a notification that leaves the list closes there. At most 20 subscriptions per center. An
    endpoint another center of the app had moves here (that center's app hears
    `webpush.subscription.removed`, reason `moved`); another app's subscription to it is never touched.
    The answer's `subscriptionToken` is for the browser's service worker: it renews or removes this one
    subscription (`renewWebPushSubscription`, `removeWebPushSubscription`) and nothing else, so the
    worker need not keep the center token.

    Args:
        idempotency_key (str | Unset):
        body (PushSubscriptionRequest): `PushSubscription.toJSON()`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SubscribedBrowser
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionRequest,
    idempotency_key: str | Unset = UNSET,
) -> Response[Problem | SubscribedBrowser]:
    """Registers this browser's push subscription for the signed-in center.

     User. The body is what `PushSubscription.toJSON()` gives. The endpoint must be on a known push
    service (the browser vendors', and those the operator adds) and pass the same guard as webhook
    URLs; the keys must be a P-256 point and a 16-byte secret. The same endpoint again replaces its keys
    (200). From then on every notification presented on the center reaches the browser as a Web Push
    (RFC 8030, encrypted per RFC 8291, signed per RFC 8292) whose decrypted body is a `WebPushPayload`,
    and a notification that leaves the list closes there. At most 20 subscriptions per center. An
    endpoint another center of the app had moves here (that center's app hears
    `webpush.subscription.removed`, reason `moved`); another app's subscription to it is never touched.
    The answer's `subscriptionToken` is for the browser's service worker: it renews or removes this one
    subscription (`renewWebPushSubscription`, `removeWebPushSubscription`) and nothing else, so the
    worker need not keep the center token.

    Args:
        idempotency_key (str | Unset):
        body (PushSubscriptionRequest): `PushSubscription.toJSON()`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SubscribedBrowser]
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
    body: PushSubscriptionRequest,
    idempotency_key: str | Unset = UNSET,
) -> Problem | SubscribedBrowser | None:
    """Registers this browser's push subscription for the signed-in center.

     User. The body is what `PushSubscription.toJSON()` gives. The endpoint must be on a known push
    service (the browser vendors', and those the operator adds) and pass the same guard as webhook
    URLs; the keys must be a P-256 point and a 16-byte secret. The same endpoint again replaces its keys
    (200). From then on every notification presented on the center reaches the browser as a Web Push
    (RFC 8030, encrypted per RFC 8291, signed per RFC 8292) whose decrypted body is a `WebPushPayload`,
    and a notification that leaves the list closes there. At most 20 subscriptions per center. An
    endpoint another center of the app had moves here (that center's app hears
    `webpush.subscription.removed`, reason `moved`); another app's subscription to it is never touched.
    The answer's `subscriptionToken` is for the browser's service worker: it renews or removes this one
    subscription (`renewWebPushSubscription`, `removeWebPushSubscription`) and nothing else, so the
    worker need not keep the center token.

    Args:
        idempotency_key (str | Unset):
        body (PushSubscriptionRequest): `PushSubscription.toJSON()`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SubscribedBrowser
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
