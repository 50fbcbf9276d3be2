from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.authorization_policy import (
    AuthorizationPolicy,
    check_authorization_policy,
)

T = TypeVar("T", bound="App")


@_attrs_define
class App:
    """
    Attributes:
        id (str):
        name (str):
        authorization_policy (AuthorizationPolicy): prompt asks the user (the framework's way); grant and deny decide at
            once.
        created_at (datetime.datetime):
    """

    id: str
    name: str
    authorization_policy: AuthorizationPolicy
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        authorization_policy: str = self.authorization_policy

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "authorizationPolicy": authorization_policy,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        authorization_policy = check_authorization_policy(d.pop("authorizationPolicy"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        app = cls(
            id=id,
            name=name,
            authorization_policy=authorization_policy,
            created_at=created_at,
        )

        app.additional_properties = d
        return app

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
