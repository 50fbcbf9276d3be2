from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.calendar_trigger import CalendarTrigger
    from ..models.location_trigger import LocationTrigger
    from ..models.notification_content import NotificationContent
    from ..models.time_interval_trigger import TimeIntervalTrigger


T = TypeVar("T", bound="NotificationRequest")


@_attrs_define
class NotificationRequest:
    """
    Attributes:
        identifier (str):
        content (NotificationContent): UNNotificationContent.
        trigger (CalendarTrigger | LocationTrigger | TimeIntervalTrigger | Unset): What makes a request fire. Push
            triggers appear only on delivered pushes (StoredTrigger).
    """

    identifier: str
    content: NotificationContent
    trigger: CalendarTrigger | LocationTrigger | TimeIntervalTrigger | Unset = UNSET

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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "identifier": identifier,
                "content": content,
            }
        )
        if trigger is not UNSET:
            field_dict["trigger"] = trigger

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

        notification_request = cls(
            identifier=identifier,
            content=content,
            trigger=trigger,
        )

        return notification_request
