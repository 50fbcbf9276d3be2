from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="IdentifierList")


@_attrs_define
class IdentifierList:
    """
    Attributes:
        identifiers (list[str]):
    """

    identifiers: list[str]

    def to_dict(self) -> dict[str, Any]:
        identifiers = self.identifiers

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "identifiers": identifiers,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        identifiers = cast(list[str], d.pop("identifiers"))

        identifier_list = cls(
            identifiers=identifiers,
        )

        return identifier_list
