from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.center_state_app_state import (
    CenterStateAppState,
    check_center_state_app_state,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.focus import Focus
    from ..models.location import Location


T = TypeVar("T", bound="CenterState")


@_attrs_define
class CenterState:
    """
    Attributes:
        app_state (CenterStateAppState):
        locked (bool):
        time_zone (str):
        locale (str):
        focus (Focus | Unset): A Focus as the device reports it. What it does not let through is delivered quietly (to
            the list only: no banner, sound, Lock Screen, or push that lights the device). It lets through: critical
            notifications (when critical alerts are allowed), time-sensitive ones (when `timeSensitiveSetting` is enabled
            and `allowsTimeSensitive` is not false), communication notifications from `allowedPeople`, and, when
            `allowsApp`, the app's notifications that match `filter`.
        scheduled_focuses (list[Focus] | Unset): The Focus modes that turn on by their schedules (Sleep at night, Work
            in the day), each with a `schedule`; the first one on counts when `focus` is not on. An empty list removes them.
        location (Location | Unset):
        online (bool | Unset): Whether pushes reach the device now; an offline center keeps the latest push until it
            expires.
        summary_times (list[str] | Unset): The Scheduled Summary's times (iOS's first ones, 08:00 and 18:00, when
            absent), in the center's time zone. Used when `scheduledDeliverySetting` is enabled.
    """

    app_state: CenterStateAppState
    locked: bool
    time_zone: str
    locale: str
    focus: Focus | Unset = UNSET
    scheduled_focuses: list[Focus] | Unset = UNSET
    location: Location | Unset = UNSET
    online: bool | Unset = UNSET
    summary_times: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        app_state: str = self.app_state

        locked = self.locked

        time_zone = self.time_zone

        locale = self.locale

        focus: dict[str, Any] | Unset = UNSET
        if not isinstance(self.focus, Unset):
            focus = self.focus.to_dict()

        scheduled_focuses: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.scheduled_focuses, Unset):
            scheduled_focuses = []
            for componentsschemas_scheduled_focuses_item_data in self.scheduled_focuses:
                componentsschemas_scheduled_focuses_item = (
                    componentsschemas_scheduled_focuses_item_data.to_dict()
                )
                scheduled_focuses.append(componentsschemas_scheduled_focuses_item)

        location: dict[str, Any] | Unset = UNSET
        if not isinstance(self.location, Unset):
            location = self.location.to_dict()

        online = self.online

        summary_times: list[str] | Unset = UNSET
        if not isinstance(self.summary_times, Unset):
            summary_times = self.summary_times

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "appState": app_state,
                "locked": locked,
                "timeZone": time_zone,
                "locale": locale,
            }
        )
        if focus is not UNSET:
            field_dict["focus"] = focus
        if scheduled_focuses is not UNSET:
            field_dict["scheduledFocuses"] = scheduled_focuses
        if location is not UNSET:
            field_dict["location"] = location
        if online is not UNSET:
            field_dict["online"] = online
        if summary_times is not UNSET:
            field_dict["summaryTimes"] = summary_times

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.focus import Focus
        from ..models.location import Location

        d = dict(src_dict)
        app_state = check_center_state_app_state(d.pop("appState"))

        locked = d.pop("locked")

        time_zone = d.pop("timeZone")

        locale = d.pop("locale")

        _focus = d.pop("focus", UNSET)
        focus: Focus | Unset
        if isinstance(_focus, Unset):
            focus = UNSET
        else:
            focus = Focus.from_dict(_focus)

        _scheduled_focuses = d.pop("scheduledFocuses", UNSET)
        scheduled_focuses: list[Focus] | Unset = UNSET
        if _scheduled_focuses is not UNSET:
            scheduled_focuses = []
            for componentsschemas_scheduled_focuses_item_data in _scheduled_focuses:
                componentsschemas_scheduled_focuses_item = Focus.from_dict(
                    componentsschemas_scheduled_focuses_item_data
                )

                scheduled_focuses.append(componentsschemas_scheduled_focuses_item)

        _location = d.pop("location", UNSET)
        location: Location | Unset
        if isinstance(_location, Unset):
            location = UNSET
        else:
            location = Location.from_dict(_location)

        online = d.pop("online", UNSET)

        summary_times = cast(list[str], d.pop("summaryTimes", UNSET))

        center_state = cls(
            app_state=app_state,
            locked=locked,
            time_zone=time_zone,
            locale=locale,
            focus=focus,
            scheduled_focuses=scheduled_focuses,
            location=location,
            online=online,
            summary_times=summary_times,
        )

        center_state.additional_properties = d
        return center_state

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
