from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RelayCredentialFcm")


@_attrs_define
class RelayCredentialFcm:
    """
    Attributes:
        project_id (str):
        client_email (str):
        private_key_id (str | Unset):
    """

    project_id: str
    client_email: str
    private_key_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        project_id = self.project_id

        client_email = self.client_email

        private_key_id = self.private_key_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "projectID": project_id,
                "clientEmail": client_email,
            }
        )
        if private_key_id is not UNSET:
            field_dict["privateKeyID"] = private_key_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        project_id = d.pop("projectID")

        client_email = d.pop("clientEmail")

        private_key_id = d.pop("privateKeyID", UNSET)

        relay_credential_fcm = cls(
            project_id=project_id,
            client_email=client_email,
            private_key_id=private_key_id,
        )

        relay_credential_fcm.additional_properties = d
        return relay_credential_fcm

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
