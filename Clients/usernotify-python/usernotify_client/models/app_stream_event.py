from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.app_stream_event_event import (
    AppStreamEventEvent,
    check_app_stream_event_event,
)

if TYPE_CHECKING:
    from ..models.app_stream_event_data import AppStreamEventData


T = TypeVar("T", bound="AppStreamEvent")


@_attrs_define
class AppStreamEvent:
    """
    Attributes:
        event (AppStreamEventEvent):
        data (AppStreamEventData):
    """

    event: AppStreamEventEvent
    data: AppStreamEventData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event: str = self.event

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.app_stream_event_data import AppStreamEventData

        d = dict(src_dict)
        event = check_app_stream_event_event(d.pop("event"))

        data = AppStreamEventData.from_dict(d.pop("data"))

        app_stream_event = cls(
            event=event,
            data=data,
        )

        app_stream_event.additional_properties = d
        return app_stream_event

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
