from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.apns_environment import ApnsEnvironment, check_apns_environment
from ..models.push_provider import PushProvider, check_push_provider
from ..types import UNSET, Unset

T = TypeVar("T", bound="DeviceRegistration")


@_attrs_define
class DeviceRegistration:
    """
    Attributes:
        id (str):
        provider (PushProvider): apns: Apple Push Notification service (iOS, iPadOS, macOS, watchOS); fcm: Firebase
            Cloud Messaging HTTP v1 (Android, and iOS apps that use Firebase).
        token (str):
        created_at (datetime.datetime):
        environment (ApnsEnvironment | Unset): production: App Store, TestFlight and ad-hoc builds; sandbox: builds run
            from Xcode.
    """

    id: str
    provider: PushProvider
    token: str
    created_at: datetime.datetime
    environment: ApnsEnvironment | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        provider: str = self.provider

        token = self.token

        created_at = self.created_at.isoformat()

        environment: str | Unset = UNSET
        if not isinstance(self.environment, Unset):
            environment = self.environment

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "provider": provider,
                "token": token,
                "createdAt": created_at,
            }
        )
        if environment is not UNSET:
            field_dict["environment"] = environment

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        provider = check_push_provider(d.pop("provider"))

        token = d.pop("token")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        _environment = d.pop("environment", UNSET)
        environment: ApnsEnvironment | Unset
        if isinstance(_environment, Unset):
            environment = UNSET
        else:
            environment = check_apns_environment(_environment)

        device_registration = cls(
            id=id,
            provider=provider,
            token=token,
            created_at=created_at,
            environment=environment,
        )

        device_registration.additional_properties = d
        return device_registration

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
