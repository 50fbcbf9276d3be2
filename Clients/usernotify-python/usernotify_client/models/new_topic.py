from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="NewTopic")


@_attrs_define
class NewTopic:
    """
    Attributes:
        identifier (str):
        display_name (str | Unset): The identifier when absent.
    """

    identifier: str
    display_name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        identifier = self.identifier

        display_name = self.display_name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "identifier": identifier,
            }
        )
        if display_name is not UNSET:
            field_dict["displayName"] = display_name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        identifier = d.pop("identifier")

        display_name = d.pop("displayName", UNSET)

        new_topic = cls(
            identifier=identifier,
            display_name=display_name,
        )

        return new_topic
