from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClockAdvance")


@_attrs_define
class ClockAdvance:
    """
    Attributes:
        advance_by (float): Seconds (at most 100 years).
    """

    advance_by: float

    def to_dict(self) -> dict[str, Any]:
        advance_by = self.advance_by

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "advanceBy": advance_by,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        advance_by = d.pop("advanceBy")

        clock_advance = cls(
            advance_by=advance_by,
        )

        return clock_advance
