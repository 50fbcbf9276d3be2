from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.date_components import DateComponents


T = TypeVar("T", bound="CalendarTrigger")


@_attrs_define
class CalendarTrigger:
    """
    Attributes:
        type_ (Literal['calendar']):
        date_components (DateComponents): Only the components given are matched (Gregorian calendar, the center's time
            zone unless timeZone pins one).
        repeats (bool | Unset):  Default: False.
    """

    type_: Literal["calendar"]
    date_components: DateComponents
    repeats: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        date_components = self.date_components.to_dict()

        repeats = self.repeats

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "dateComponents": date_components,
            }
        )
        if repeats is not UNSET:
            field_dict["repeats"] = repeats

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.date_components import DateComponents

        d = dict(src_dict)
        type_ = cast(Literal["calendar"], d.pop("type"))
        if type_ != "calendar":
            raise ValueError(f"type must match const 'calendar', got '{type_}'")

        date_components = DateComponents.from_dict(d.pop("dateComponents"))

        repeats = d.pop("repeats", UNSET)

        calendar_trigger = cls(
            type_=type_,
            date_components=date_components,
            repeats=repeats,
        )

        return calendar_trigger
