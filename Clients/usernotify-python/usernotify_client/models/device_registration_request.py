from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.apns_environment import ApnsEnvironment, check_apns_environment
from ..models.push_provider import PushProvider, check_push_provider
from ..types import UNSET, Unset

T = TypeVar("T", bound="DeviceRegistrationRequest")


@_attrs_define
class DeviceRegistrationRequest:
    """
    Attributes:
        provider (PushProvider): apns: Apple Push Notification service (iOS, iPadOS, macOS, watchOS); fcm: Firebase
            Cloud Messaging HTTP v1 (Android, and iOS apps that use Firebase).
        token (str): APNs: the device token in hex (64 to 200 digits); FCM: the registration token.
        environment (ApnsEnvironment | Unset): production: App Store, TestFlight and ad-hoc builds; sandbox: builds run
            from Xcode.
    """

    provider: PushProvider
    token: str
    environment: ApnsEnvironment | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        provider: str = self.provider

        token = self.token

        environment: str | Unset = UNSET
        if not isinstance(self.environment, Unset):
            environment = self.environment

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "provider": provider,
                "token": token,
            }
        )
        if environment is not UNSET:
            field_dict["environment"] = environment

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        provider = check_push_provider(d.pop("provider"))

        token = d.pop("token")

        _environment = d.pop("environment", UNSET)
        environment: ApnsEnvironment | Unset
        if isinstance(_environment, Unset):
            environment = UNSET
        else:
            environment = check_apns_environment(_environment)

        device_registration_request = cls(
            provider=provider,
            token=token,
            environment=environment,
        )

        return device_registration_request
