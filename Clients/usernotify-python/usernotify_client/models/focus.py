from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Focus")


@_attrs_define
class Focus:
    """
    Attributes:
        name (str):
        filter_criteria (str | Unset):
    """

    name: str
    filter_criteria: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        filter_criteria = self.filter_criteria

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if filter_criteria is not UNSET:
            field_dict["filterCriteria"] = filter_criteria

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        filter_criteria = d.pop("filterCriteria", UNSET)

        focus = cls(
            name=name,
            filter_criteria=filter_criteria,
        )

        return focus
