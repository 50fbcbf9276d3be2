from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="DateComponents")


@_attrs_define
class DateComponents:
    """Only the components given are matched (Gregorian calendar, the center's time zone unless timeZone pins one).

    Attributes:
        year (int | Unset):
        month (int | Unset):
        day (int | Unset):
        hour (int | Unset):
        minute (int | Unset):
        second (int | Unset):
        weekday (int | Unset): 1 is Sunday.
        weekday_ordinal (int | Unset):
        week_of_month (int | Unset):
        week_of_year (int | Unset):
        year_for_week_of_year (int | Unset):
        time_zone (str | Unset): An IANA time zone name such as Europe/Berlin or America/New_York
            (`TimeZone(identifier:)`); others are refused with `invalidTimeZone` (422). Example: Europe/Berlin.
    """

    year: int | Unset = UNSET
    month: int | Unset = UNSET
    day: int | Unset = UNSET
    hour: int | Unset = UNSET
    minute: int | Unset = UNSET
    second: int | Unset = UNSET
    weekday: int | Unset = UNSET
    weekday_ordinal: int | Unset = UNSET
    week_of_month: int | Unset = UNSET
    week_of_year: int | Unset = UNSET
    year_for_week_of_year: int | Unset = UNSET
    time_zone: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        year = self.year

        month = self.month

        day = self.day

        hour = self.hour

        minute = self.minute

        second = self.second

        weekday = self.weekday

        weekday_ordinal = self.weekday_ordinal

        week_of_month = self.week_of_month

        week_of_year = self.week_of_year

        year_for_week_of_year = self.year_for_week_of_year

        time_zone = self.time_zone

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if year is not UNSET:
            field_dict["year"] = year
        if month is not UNSET:
            field_dict["month"] = month
        if day is not UNSET:
            field_dict["day"] = day
        if hour is not UNSET:
            field_dict["hour"] = hour
        if minute is not UNSET:
            field_dict["minute"] = minute
        if second is not UNSET:
            field_dict["second"] = second
        if weekday is not UNSET:
            field_dict["weekday"] = weekday
        if weekday_ordinal is not UNSET:
            field_dict["weekdayOrdinal"] = weekday_ordinal
        if week_of_month is not UNSET:
            field_dict["weekOfMonth"] = week_of_month
        if week_of_year is not UNSET:
            field_dict["weekOfYear"] = week_of_year
        if year_for_week_of_year is not UNSET:
            field_dict["yearForWeekOfYear"] = year_for_week_of_year
        if time_zone is not UNSET:
            field_dict["timeZone"] = time_zone

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        year = d.pop("year", UNSET)

        month = d.pop("month", UNSET)

        day = d.pop("day", UNSET)

        hour = d.pop("hour", UNSET)

        minute = d.pop("minute", UNSET)

        second = d.pop("second", UNSET)

        weekday = d.pop("weekday", UNSET)

        weekday_ordinal = d.pop("weekdayOrdinal", UNSET)

        week_of_month = d.pop("weekOfMonth", UNSET)

        week_of_year = d.pop("weekOfYear", UNSET)

        year_for_week_of_year = d.pop("yearForWeekOfYear", UNSET)

        time_zone = d.pop("timeZone", UNSET)

        date_components = cls(
            year=year,
            month=month,
            day=day,
            hour=hour,
            minute=minute,
            second=second,
            weekday=weekday,
            weekday_ordinal=weekday_ordinal,
            week_of_month=week_of_month,
            week_of_year=week_of_year,
            year_for_week_of_year=year_for_week_of_year,
            time_zone=time_zone,
        )

        return date_components
