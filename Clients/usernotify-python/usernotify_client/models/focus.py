from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.focus_filter import FocusFilter
    from ..models.focus_schedule import FocusSchedule


T = TypeVar("T", bound="Focus")


@_attrs_define
class Focus:
    """A Focus as the device reports it. What it does not let through is delivered quietly (to the list only: no banner,
    sound, Lock Screen, or push that lights the device). It lets through: critical notifications (when critical alerts
    are allowed), time-sensitive ones (when `timeSensitiveSetting` is enabled and `allowsTimeSensitive` is not false),
    communication notifications from `allowedPeople`, and, when `allowsApp`, the app's notifications that match
    `filter`.

        Attributes:
            name (str):
            allows_app (bool | Unset): The app is among the Focus's allowed apps (false when absent).
            allowed_people (list[str] | Unset): Handles of the people whose communication notifications come through
                (`content.communication.sender.handle`).
            allows_time_sensitive (bool | Unset): Whether time-sensitive notifications break through (true when absent).
            filter_ (FocusFilter | Unset): The app's Focus filter (`FocusFilterAppContext.notificationFilterPredicate`): a
                predicate over `content.filterCriteria`, exactly one of `equals`, `in`, `prefix`. A notification without
                `filterCriteria` never matches.
            filter_criteria (str | Unset): Deprecated: the older form of `filter`: the app is allowed, and only
                notifications whose `filterCriteria` equal this come through. Send `filter` or this, not both.
            schedule (FocusSchedule | Unset): When the Focus is on by itself, on the wall clock of the center's time zone.
                An `end` not after `start` runs past midnight (22:00–07:00); its weekday is the evening's. `start` equal to
                `end`: the whole day.
    """

    name: str
    allows_app: bool | Unset = UNSET
    allowed_people: list[str] | Unset = UNSET
    allows_time_sensitive: bool | Unset = UNSET
    filter_: FocusFilter | Unset = UNSET
    filter_criteria: str | Unset = UNSET
    schedule: FocusSchedule | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        allows_app = self.allows_app

        allowed_people: list[str] | Unset = UNSET
        if not isinstance(self.allowed_people, Unset):
            allowed_people = self.allowed_people

        allows_time_sensitive = self.allows_time_sensitive

        filter_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.filter_, Unset):
            filter_ = self.filter_.to_dict()

        filter_criteria = self.filter_criteria

        schedule: dict[str, Any] | Unset = UNSET
        if not isinstance(self.schedule, Unset):
            schedule = self.schedule.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if allows_app is not UNSET:
            field_dict["allowsApp"] = allows_app
        if allowed_people is not UNSET:
            field_dict["allowedPeople"] = allowed_people
        if allows_time_sensitive is not UNSET:
            field_dict["allowsTimeSensitive"] = allows_time_sensitive
        if filter_ is not UNSET:
            field_dict["filter"] = filter_
        if filter_criteria is not UNSET:
            field_dict["filterCriteria"] = filter_criteria
        if schedule is not UNSET:
            field_dict["schedule"] = schedule

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.focus_filter import FocusFilter
        from ..models.focus_schedule import FocusSchedule

        d = dict(src_dict)
        name = d.pop("name")

        allows_app = d.pop("allowsApp", UNSET)

        allowed_people = cast(list[str], d.pop("allowedPeople", UNSET))

        allows_time_sensitive = d.pop("allowsTimeSensitive", UNSET)

        _filter_ = d.pop("filter", UNSET)
        filter_: FocusFilter | Unset
        if isinstance(_filter_, Unset):
            filter_ = UNSET
        else:
            filter_ = FocusFilter.from_dict(_filter_)

        filter_criteria = d.pop("filterCriteria", UNSET)

        _schedule = d.pop("schedule", UNSET)
        schedule: FocusSchedule | Unset
        if isinstance(_schedule, Unset):
            schedule = UNSET
        else:
            schedule = FocusSchedule.from_dict(_schedule)

        focus = cls(
            name=name,
            allows_app=allows_app,
            allowed_people=allowed_people,
            allows_time_sensitive=allows_time_sensitive,
            filter_=filter_,
            filter_criteria=filter_criteria,
            schedule=schedule,
        )

        return focus
