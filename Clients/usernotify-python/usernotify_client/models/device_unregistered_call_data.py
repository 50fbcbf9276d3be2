from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.push_provider import PushProvider, check_push_provider

T = TypeVar("T", bound="DeviceUnregisteredCallData")


@_attrs_define
class DeviceUnregisteredCallData:
    """
    Attributes:
        center_id (str):
        registration_id (str):
        provider (PushProvider): apns: Apple Push Notification service (iOS, iPadOS, macOS, watchOS); fcm: Firebase
            Cloud Messaging HTTP v1 (Android, and iOS apps that use Firebase).
        reason (str): What the provider answered (Unregistered, BadDeviceToken, DeviceTokenNotForTopic, UNREGISTERED,
            SENDER_ID_MISMATCH), or `moved`: the phone registered the token for another center of the app (another user
            signed in).
    """

    center_id: str
    registration_id: str
    provider: PushProvider
    reason: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        center_id = self.center_id

        registration_id = self.registration_id

        provider: str = self.provider

        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "centerID": center_id,
                "registrationID": registration_id,
                "provider": provider,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        center_id = d.pop("centerID")

        registration_id = d.pop("registrationID")

        provider = check_push_provider(d.pop("provider"))

        reason = d.pop("reason")

        device_unregistered_call_data = cls(
            center_id=center_id,
            registration_id=registration_id,
            provider=provider,
            reason=reason,
        )

        device_unregistered_call_data.additional_properties = d
        return device_unregistered_call_data

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
