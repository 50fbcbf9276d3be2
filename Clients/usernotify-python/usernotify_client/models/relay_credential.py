from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.push_provider import PushProvider, check_push_provider
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.relay_credential_apns import RelayCredentialApns
    from ..models.relay_credential_fcm import RelayCredentialFcm


T = TypeVar("T", bound="RelayCredential")


@_attrs_define
class RelayCredential:
    """A credential as shown after it is set — never its key.

    Attributes:
        provider (PushProvider): apns: Apple Push Notification service (iOS, iPadOS, macOS, watchOS); fcm: Firebase
            Cloud Messaging HTTP v1 (Android, and iOS apps that use Firebase).
        id (str): rcr_…, new on every rotation.
        fingerprint (str): sha256: and the hex SHA-256 of the public key's SubjectPublicKeyInfo (DER).
        created_at (datetime.datetime):
        apns (RelayCredentialApns | Unset):
        fcm (RelayCredentialFcm | Unset):
    """

    provider: PushProvider
    id: str
    fingerprint: str
    created_at: datetime.datetime
    apns: RelayCredentialApns | Unset = UNSET
    fcm: RelayCredentialFcm | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        provider: str = self.provider

        id = self.id

        fingerprint = self.fingerprint

        created_at = self.created_at.isoformat()

        apns: dict[str, Any] | Unset = UNSET
        if not isinstance(self.apns, Unset):
            apns = self.apns.to_dict()

        fcm: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fcm, Unset):
            fcm = self.fcm.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "provider": provider,
                "id": id,
                "fingerprint": fingerprint,
                "createdAt": created_at,
            }
        )
        if apns is not UNSET:
            field_dict["apns"] = apns
        if fcm is not UNSET:
            field_dict["fcm"] = fcm

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.relay_credential_apns import RelayCredentialApns
        from ..models.relay_credential_fcm import RelayCredentialFcm

        d = dict(src_dict)
        provider = check_push_provider(d.pop("provider"))

        id = d.pop("id")

        fingerprint = d.pop("fingerprint")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        _apns = d.pop("apns", UNSET)
        apns: RelayCredentialApns | Unset
        if isinstance(_apns, Unset):
            apns = UNSET
        else:
            apns = RelayCredentialApns.from_dict(_apns)

        _fcm = d.pop("fcm", UNSET)
        fcm: RelayCredentialFcm | Unset
        if isinstance(_fcm, Unset):
            fcm = UNSET
        else:
            fcm = RelayCredentialFcm.from_dict(_fcm)

        relay_credential = cls(
            provider=provider,
            id=id,
            fingerprint=fingerprint,
            created_at=created_at,
            apns=apns,
            fcm=fcm,
        )

        relay_credential.additional_properties = d
        return relay_credential

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
