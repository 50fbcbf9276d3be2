from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LocalizedText")


@_attrs_define
class LocalizedText:
    """
    Attributes:
        key (str):
        arguments (list[str] | Unset):
    """

    key: str
    arguments: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        key = self.key

        arguments: list[str] | Unset = UNSET
        if not isinstance(self.arguments, Unset):
            arguments = self.arguments

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "key": key,
            }
        )
        if arguments is not UNSET:
            field_dict["arguments"] = arguments

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        key = d.pop("key")

        arguments = cast(list[str], d.pop("arguments", UNSET))

        localized_text = cls(
            key=key,
            arguments=arguments,
        )

        return localized_text
