from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="FocusSchedule")


@_attrs_define
class FocusSchedule:
    """When the Focus is on by itself, on the wall clock of the center's time zone. An `end` not after `start` runs past
    midnight (22:00–07:00); its weekday is the evening's. `start` equal to `end`: the whole day.

        Attributes:
            start (str): A time of day, HH:mm, on the wall clock of the center's time zone. Example: 18:00.
            end (str): A time of day, HH:mm, on the wall clock of the center's time zone. Example: 18:00.
            weekdays (list[int] | Unset): 1 = Sunday … 7 = Saturday; every day when absent.
    """

    start: str
    end: str
    weekdays: list[int] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        start = self.start

        end = self.end

        weekdays: list[int] | Unset = UNSET
        if not isinstance(self.weekdays, Unset):
            weekdays = self.weekdays

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "start": start,
                "end": end,
            }
        )
        if weekdays is not UNSET:
            field_dict["weekdays"] = weekdays

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        start = d.pop("start")

        end = d.pop("end")

        weekdays = cast(list[int], d.pop("weekdays", UNSET))

        focus_schedule = cls(
            start=start,
            end=end,
            weekdays=weekdays,
        )

        return focus_schedule
