from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.string_table_strings import StringTableStrings


T = TypeVar("T", bound="StringTable")


@_attrs_define
class StringTable:
    """
    Attributes:
        strings (StringTableStrings):
    """

    strings: StringTableStrings

    def to_dict(self) -> dict[str, Any]:
        strings = self.strings.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "strings": strings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.string_table_strings import StringTableStrings

        d = dict(src_dict)
        strings = StringTableStrings.from_dict(d.pop("strings"))

        string_table = cls(
            strings=strings,
        )

        return string_table
