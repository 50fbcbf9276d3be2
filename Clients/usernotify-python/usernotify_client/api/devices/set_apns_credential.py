from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.apns_credential_request import ApnsCredentialRequest
from ...models.problem import Problem
from ...models.relay_credential import RelayCredential
from ...types import Response


def _get_kwargs(
    *,
    body: ApnsCredentialRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "put",
        "url": "/v1/relay/credentials/apns",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | RelayCredential | None:
    if response.status_code == 200:
        response_200 = RelayCredential.from_dict(response.json())

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
) -> Response[Problem | RelayCredential]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: ApnsCredentialRequest,
) -> Response[Problem | RelayCredential]:
    """Sets (or rotates) the app's APNs token-based credential.

     App. The `.p8` key Apple issued (a P-256 private key, PKCS #8 PEM), its key id, the team id and the
    app's bundle id (`apns-topic`); `environment` is where its devices are unless a device registers
    otherwise. Write-only: the answer and later reads show the key id and the fingerprint
    (`sha256:` of the public key's DER), never the key. Setting it again replaces it: a rotation.
    Every notification presented on the app's centers then reaches their APNs devices over HTTP/2
    with an ES256 provider token (renewed every 50 minutes).

    Args:
        body (ApnsCredentialRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RelayCredential]
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
    body: ApnsCredentialRequest,
) -> Problem | RelayCredential | None:
    """Sets (or rotates) the app's APNs token-based credential.

     App. The `.p8` key Apple issued (a P-256 private key, PKCS #8 PEM), its key id, the team id and the
    app's bundle id (`apns-topic`); `environment` is where its devices are unless a device registers
    otherwise. Write-only: the answer and later reads show the key id and the fingerprint
    (`sha256:` of the public key's DER), never the key. Setting it again replaces it: a rotation.
    Every notification presented on the app's centers then reaches their APNs devices over HTTP/2
    with an ES256 provider token (renewed every 50 minutes).

    Args:
        body (ApnsCredentialRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RelayCredential
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: ApnsCredentialRequest,
) -> Response[Problem | RelayCredential]:
    """Sets (or rotates) the app's APNs token-based credential.

     App. The `.p8` key Apple issued (a P-256 private key, PKCS #8 PEM), its key id, the team id and the
    app's bundle id (`apns-topic`); `environment` is where its devices are unless a device registers
    otherwise. Write-only: the answer and later reads show the key id and the fingerprint
    (`sha256:` of the public key's DER), never the key. Setting it again replaces it: a rotation.
    Every notification presented on the app's centers then reaches their APNs devices over HTTP/2
    with an ES256 provider token (renewed every 50 minutes).

    Args:
        body (ApnsCredentialRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | RelayCredential]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: ApnsCredentialRequest,
) -> Problem | RelayCredential | None:
    """Sets (or rotates) the app's APNs token-based credential.

     App. The `.p8` key Apple issued (a P-256 private key, PKCS #8 PEM), its key id, the team id and the
    app's bundle id (`apns-topic`); `environment` is where its devices are unless a device registers
    otherwise. Write-only: the answer and later reads show the key id and the fingerprint
    (`sha256:` of the public key's DER), never the key. Setting it again replaces it: a rotation.
    Every notification presented on the app's centers then reaches their APNs devices over HTTP/2
    with an ES256 provider token (renewed every 50 minutes).

    Args:
        body (ApnsCredentialRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | RelayCredential
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
