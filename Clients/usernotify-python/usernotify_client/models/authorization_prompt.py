from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.authorization_option import (
    AuthorizationOption,
    check_authorization_option,
)

T = TypeVar("T", bound="AuthorizationPrompt")


@_attrs_define
class AuthorizationPrompt:
    """
    Attributes:
        id (str):
        options (list[AuthorizationOption]):
        asked_at (datetime.datetime):
    """

    id: str
    options: list[AuthorizationOption]
    asked_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        options = []
        for options_item_data in self.options:
            options_item: str = options_item_data
            options.append(options_item)

        asked_at = self.asked_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "options": options,
                "askedAt": asked_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        options = []
        _options = d.pop("options")
        for options_item_data in _options:
            options_item = check_authorization_option(options_item_data)

            options.append(options_item)

        asked_at = datetime.datetime.fromisoformat(d.pop("askedAt"))

        authorization_prompt = cls(
            id=id,
            options=options,
            asked_at=asked_at,
        )

        authorization_prompt.additional_properties = d
        return authorization_prompt

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
