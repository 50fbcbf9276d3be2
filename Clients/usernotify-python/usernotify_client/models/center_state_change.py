from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.center_state_change_app_state import (
    CenterStateChangeAppState,
    check_center_state_change_app_state,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.focus import Focus


T = TypeVar("T", bound="CenterStateChange")


@_attrs_define
class CenterStateChange:
    """
    Attributes:
        app_state (CenterStateChangeAppState | Unset):
        locked (bool | Unset):
        focus (Focus | None | Unset):
        scheduled_focuses (list[Focus] | Unset): The Focus modes that turn on by their schedules (Sleep at night, Work
            in the day), each with a `schedule`; the first one on counts when `focus` is not on. An empty list removes them.
        time_zone (str | Unset): An IANA time zone name such as Europe/Berlin or America/New_York
            (`TimeZone(identifier:)`); others are refused with `invalidTimeZone` (422). Example: Europe/Berlin.
        locale (str | Unset): A language tag such as en, de-CH or pt_BR. Example: de-CH.
        online (bool | Unset): Back online: the push kept meanwhile, unless expired, is delivered.
        summary_times (list[str] | Unset): The Scheduled Summary's times (iOS's first ones, 08:00 and 18:00, when
            absent), in the center's time zone. Used when `scheduledDeliverySetting` is enabled.
    """

    app_state: CenterStateChangeAppState | Unset = UNSET
    locked: bool | Unset = UNSET
    focus: Focus | None | Unset = UNSET
    scheduled_focuses: list[Focus] | Unset = UNSET
    time_zone: str | Unset = UNSET
    locale: str | Unset = UNSET
    online: bool | Unset = UNSET
    summary_times: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.focus import Focus

        app_state: str | Unset = UNSET
        if not isinstance(self.app_state, Unset):
            app_state = self.app_state

        locked = self.locked

        focus: dict[str, Any] | None | Unset
        if isinstance(self.focus, Unset):
            focus = UNSET
        elif isinstance(self.focus, Focus):
            focus = self.focus.to_dict()
        else:
            focus = self.focus

        scheduled_focuses: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.scheduled_focuses, Unset):
            scheduled_focuses = []
            for componentsschemas_scheduled_focuses_item_data in self.scheduled_focuses:
                componentsschemas_scheduled_focuses_item = (
                    componentsschemas_scheduled_focuses_item_data.to_dict()
                )
                scheduled_focuses.append(componentsschemas_scheduled_focuses_item)

        time_zone = self.time_zone

        locale = self.locale

        online = self.online

        summary_times: list[str] | Unset = UNSET
        if not isinstance(self.summary_times, Unset):
            summary_times = self.summary_times

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if app_state is not UNSET:
            field_dict["appState"] = app_state
        if locked is not UNSET:
            field_dict["locked"] = locked
        if focus is not UNSET:
            field_dict["focus"] = focus
        if scheduled_focuses is not UNSET:
            field_dict["scheduledFocuses"] = scheduled_focuses
        if time_zone is not UNSET:
            field_dict["timeZone"] = time_zone
        if locale is not UNSET:
            field_dict["locale"] = locale
        if online is not UNSET:
            field_dict["online"] = online
        if summary_times is not UNSET:
            field_dict["summaryTimes"] = summary_times

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.focus import Focus

        d = dict(src_dict)
        _app_state = d.pop("appState", UNSET)
        app_state: CenterStateChangeAppState | Unset
        if isinstance(_app_state, Unset):
            app_state = UNSET
        else:
            app_state = check_center_state_change_app_state(_app_state)

        locked = d.pop("locked", UNSET)

        def _parse_focus(data: object) -> Focus | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                focus_type_0 = Focus.from_dict(data)

                return focus_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Focus | None | Unset, data)

        focus = _parse_focus(d.pop("focus", UNSET))

        _scheduled_focuses = d.pop("scheduledFocuses", UNSET)
        scheduled_focuses: list[Focus] | Unset = UNSET
        if _scheduled_focuses is not UNSET:
            scheduled_focuses = []
            for componentsschemas_scheduled_focuses_item_data in _scheduled_focuses:
                componentsschemas_scheduled_focuses_item = Focus.from_dict(
                    componentsschemas_scheduled_focuses_item_data
                )

                scheduled_focuses.append(componentsschemas_scheduled_focuses_item)

        time_zone = d.pop("timeZone", UNSET)

        locale = d.pop("locale", UNSET)

        online = d.pop("online", UNSET)

        summary_times = cast(list[str], d.pop("summaryTimes", UNSET))

        center_state_change = cls(
            app_state=app_state,
            locked=locked,
            focus=focus,
            scheduled_focuses=scheduled_focuses,
            time_zone=time_zone,
            locale=locale,
            online=online,
            summary_times=summary_times,
        )

        return center_state_change
