from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.stream_event_frame_event import (
    StreamEventFrameEvent,
    check_stream_event_frame_event,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="StreamEventFrame")


@_attrs_define
class StreamEventFrame:
    """One Server-Sent Event of `streamEvents` as the wire carries it (the HTML standard's fields): `data`
    is JSON text, as `StreamEvent` describes it for each kind.

        Attributes:
            event (StreamEventFrameEvent):
            data (str):
            id (str | Unset): The center's event sequence.
            retry (int | Unset):
    """

    event: StreamEventFrameEvent
    data: str
    id: str | Unset = UNSET
    retry: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event: str = self.event

        data = self.data

        id = self.id

        retry = self.retry

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "data": data,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if retry is not UNSET:
            field_dict["retry"] = retry

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        event = check_stream_event_frame_event(d.pop("event"))

        data = d.pop("data")

        id = d.pop("id", UNSET)

        retry = d.pop("retry", UNSET)

        stream_event_frame = cls(
            event=event,
            data=data,
            id=id,
            retry=retry,
        )

        stream_event_frame.additional_properties = d
        return stream_event_frame

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
