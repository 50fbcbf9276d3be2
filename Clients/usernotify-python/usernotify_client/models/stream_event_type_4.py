from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stream_event_type_4_event import (
    StreamEventType4Event,
    check_stream_event_type_4_event,
)

if TYPE_CHECKING:
    from ..models.removed_identifiers import RemovedIdentifiers


T = TypeVar("T", bound="StreamEventType4")


@_attrs_define
class StreamEventType4:
    """
    Attributes:
        event (StreamEventType4Event):
        data (RemovedIdentifiers):
    """

    event: StreamEventType4Event
    data: RemovedIdentifiers
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
        from ..models.removed_identifiers import RemovedIdentifiers

        d = dict(src_dict)
        event = check_stream_event_type_4_event(d.pop("event"))

        data = RemovedIdentifiers.from_dict(d.pop("data"))

        stream_event_type_4 = cls(
            event=event,
            data=data,
        )

        stream_event_type_4.additional_properties = d
        return stream_event_type_4

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
