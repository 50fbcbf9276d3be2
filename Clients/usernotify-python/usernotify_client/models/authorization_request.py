from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.authorization_option import (
    AuthorizationOption,
    check_authorization_option,
)

T = TypeVar("T", bound="AuthorizationRequest")


@_attrs_define
class AuthorizationRequest:
    """
    Attributes:
        options (list[AuthorizationOption]):
    """

    options: list[AuthorizationOption]

    def to_dict(self) -> dict[str, Any]:
        options = []
        for options_item_data in self.options:
            options_item: str = options_item_data
            options.append(options_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "options": options,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        options = []
        _options = d.pop("options")
        for options_item_data in _options:
            options_item = check_authorization_option(options_item_data)

            options.append(options_item)

        authorization_request = cls(
            options=options,
        )

        return authorization_request
