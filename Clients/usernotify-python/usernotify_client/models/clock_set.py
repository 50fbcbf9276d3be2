from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ClockSet")


@_attrs_define
class ClockSet:
    """
    Attributes:
        now (datetime.datetime):
    """

    now: datetime.datetime

    def to_dict(self) -> dict[str, Any]:
        now = self.now.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "now": now,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        now = datetime.datetime.fromisoformat(d.pop("now"))

        clock_set = cls(
            now=now,
        )

        return clock_set
