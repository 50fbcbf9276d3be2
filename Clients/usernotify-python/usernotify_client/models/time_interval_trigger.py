from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="TimeIntervalTrigger")


@_attrs_define
class TimeIntervalTrigger:
    """
    Attributes:
        type_ (Literal['timeInterval']):
        time_interval (float): Seconds from the add; at least 60 when repeating.
        repeats (bool | Unset):  Default: False.
    """

    type_: Literal["timeInterval"]
    time_interval: float
    repeats: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        time_interval = self.time_interval

        repeats = self.repeats

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "timeInterval": time_interval,
            }
        )
        if repeats is not UNSET:
            field_dict["repeats"] = repeats

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["timeInterval"], d.pop("type"))
        if type_ != "timeInterval":
            raise ValueError(f"type must match const 'timeInterval', got '{type_}'")

        time_interval = d.pop("timeInterval")

        repeats = d.pop("repeats", UNSET)

        time_interval_trigger = cls(
            type_=type_,
            time_interval=time_interval,
            repeats=repeats,
        )

        return time_interval_trigger
