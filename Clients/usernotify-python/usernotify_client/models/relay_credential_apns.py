from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.apns_environment import ApnsEnvironment, check_apns_environment

T = TypeVar("T", bound="RelayCredentialApns")


@_attrs_define
class RelayCredentialApns:
    """
    Attributes:
        key_id (str):
        team_id (str):
        topic (str):
        environment (ApnsEnvironment): production: App Store, TestFlight and ad-hoc builds; sandbox: builds run from
            Xcode.
    """

    key_id: str
    team_id: str
    topic: str
    environment: ApnsEnvironment
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        key_id = self.key_id

        team_id = self.team_id

        topic = self.topic

        environment: str = self.environment

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "keyID": key_id,
                "teamID": team_id,
                "topic": topic,
                "environment": environment,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key_id = d.pop("keyID")

        team_id = d.pop("teamID")

        topic = d.pop("topic")

        environment = check_apns_environment(d.pop("environment"))

        relay_credential_apns = cls(
            key_id=key_id,
            team_id=team_id,
            topic=topic,
            environment=environment,
        )

        relay_credential_apns.additional_properties = d
        return relay_credential_apns

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
