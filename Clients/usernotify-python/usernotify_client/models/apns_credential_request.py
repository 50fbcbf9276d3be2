from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.apns_environment import ApnsEnvironment, check_apns_environment

T = TypeVar("T", bound="ApnsCredentialRequest")


@_attrs_define
class ApnsCredentialRequest:
    """
    Attributes:
        key_id (str): The key's id in the Apple developer account.
        team_id (str):
        topic (str): The app's bundle id.
        environment (ApnsEnvironment): production: App Store, TestFlight and ad-hoc builds; sandbox: builds run from
            Xcode.
        private_key (str): The .p8 file's PEM: a P-256 private key.
    """

    key_id: str
    team_id: str
    topic: str
    environment: ApnsEnvironment
    private_key: str

    def to_dict(self) -> dict[str, Any]:
        key_id = self.key_id

        team_id = self.team_id

        topic = self.topic

        environment: str = self.environment

        private_key = self.private_key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "keyID": key_id,
                "teamID": team_id,
                "topic": topic,
                "environment": environment,
                "privateKey": private_key,
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

        private_key = d.pop("privateKey")

        apns_credential_request = cls(
            key_id=key_id,
            team_id=team_id,
            topic=topic,
            environment=environment,
            private_key=private_key,
        )

        return apns_credential_request
