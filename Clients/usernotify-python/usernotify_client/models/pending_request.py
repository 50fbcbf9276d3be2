from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.calendar_trigger import CalendarTrigger
    from ..models.location_trigger import LocationTrigger
    from ..models.notification_content import NotificationContent
    from ..models.time_interval_trigger import TimeIntervalTrigger


T = TypeVar("T", bound="PendingRequest")


@_attrs_define
class PendingRequest:
    """
    Attributes:
        identifier (str):
        content (NotificationContent): UNNotificationContent.
        trigger (CalendarTrigger | LocationTrigger | TimeIntervalTrigger | Unset): What makes a request fire. Push
            triggers appear only on delivered pushes (StoredTrigger).
        next_trigger_date (datetime.datetime | Unset):
    """

    identifier: str
    content: NotificationContent
    trigger: CalendarTrigger | LocationTrigger | TimeIntervalTrigger | Unset = UNSET
    next_trigger_date: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.calendar_trigger import CalendarTrigger
        from ..models.time_interval_trigger import TimeIntervalTrigger

        identifier = self.identifier

        content = self.content.to_dict()

        trigger: dict[str, Any] | Unset
        if isinstance(self.trigger, Unset):
            trigger = UNSET
        elif isinstance(self.trigger, TimeIntervalTrigger) or isinstance(
            self.trigger, CalendarTrigger
        ):
            trigger = self.trigger.to_dict()
        else:
            trigger = self.trigger.to_dict()

        next_trigger_date: str | Unset = UNSET
        if not isinstance(self.next_trigger_date, Unset):
            next_trigger_date = self.next_trigger_date.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "identifier": identifier,
                "content": content,
            }
        )
        if trigger is not UNSET:
            field_dict["trigger"] = trigger
        if next_trigger_date is not UNSET:
            field_dict["nextTriggerDate"] = next_trigger_date

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.calendar_trigger import CalendarTrigger
        from ..models.location_trigger import LocationTrigger
        from ..models.notification_content import NotificationContent
        from ..models.time_interval_trigger import TimeIntervalTrigger

        d = dict(src_dict)
        identifier = d.pop("identifier")

        content = NotificationContent.from_dict(d.pop("content"))

        def _parse_trigger(
            data: object,
        ) -> CalendarTrigger | LocationTrigger | TimeIntervalTrigger | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_trigger_type_0 = TimeIntervalTrigger.from_dict(data)

                return componentsschemas_trigger_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_trigger_type_1 = CalendarTrigger.from_dict(data)

                return componentsschemas_trigger_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_trigger_type_2 = LocationTrigger.from_dict(data)

            return componentsschemas_trigger_type_2

        trigger = _parse_trigger(d.pop("trigger", UNSET))

        _next_trigger_date = d.pop("nextTriggerDate", UNSET)
        next_trigger_date: datetime.datetime | Unset
        if isinstance(_next_trigger_date, Unset):
            next_trigger_date = UNSET
        else:
            next_trigger_date = datetime.datetime.fromisoformat(_next_trigger_date)

        pending_request = cls(
            identifier=identifier,
            content=content,
            trigger=trigger,
            next_trigger_date=next_trigger_date,
        )

        pending_request.additional_properties = d
        return pending_request

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
