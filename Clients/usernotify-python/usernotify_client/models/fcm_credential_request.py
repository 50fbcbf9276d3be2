from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.fcm_credential_request_service_account import (
        FcmCredentialRequestServiceAccount,
    )


T = TypeVar("T", bound="FcmCredentialRequest")


@_attrs_define
class FcmCredentialRequest:
    """
    Attributes:
        service_account (FcmCredentialRequestServiceAccount): The service account's key file, as downloaded; other
            members are kept out of use.
    """

    service_account: FcmCredentialRequestServiceAccount

    def to_dict(self) -> dict[str, Any]:
        service_account = self.service_account.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "serviceAccount": service_account,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.fcm_credential_request_service_account import (
            FcmCredentialRequestServiceAccount,
        )

        d = dict(src_dict)
        service_account = FcmCredentialRequestServiceAccount.from_dict(
            d.pop("serviceAccount")
        )

        fcm_credential_request = cls(
            service_account=service_account,
        )

        return fcm_credential_request
