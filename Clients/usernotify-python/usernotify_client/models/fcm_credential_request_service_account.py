from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.fcm_credential_request_service_account_type import (
    FcmCredentialRequestServiceAccountType,
    check_fcm_credential_request_service_account_type,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="FcmCredentialRequestServiceAccount")


@_attrs_define
class FcmCredentialRequestServiceAccount:
    """The service account's key file, as downloaded; other members are kept out of use.

    Attributes:
        type_ (FcmCredentialRequestServiceAccountType):
        project_id (str):
        client_email (str):
        private_key (str):
        private_key_id (str | Unset):
    """

    type_: FcmCredentialRequestServiceAccountType
    project_id: str
    client_email: str
    private_key: str
    private_key_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        project_id = self.project_id

        client_email = self.client_email

        private_key = self.private_key

        private_key_id = self.private_key_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "project_id": project_id,
                "client_email": client_email,
                "private_key": private_key,
            }
        )
        if private_key_id is not UNSET:
            field_dict["private_key_id"] = private_key_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = check_fcm_credential_request_service_account_type(d.pop("type"))

        project_id = d.pop("project_id")

        client_email = d.pop("client_email")

        private_key = d.pop("private_key")

        private_key_id = d.pop("private_key_id", UNSET)

        fcm_credential_request_service_account = cls(
            type_=type_,
            project_id=project_id,
            client_email=client_email,
            private_key=private_key,
            private_key_id=private_key_id,
        )

        fcm_credential_request_service_account.additional_properties = d
        return fcm_credential_request_service_account

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
