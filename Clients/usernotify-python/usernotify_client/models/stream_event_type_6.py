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
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.stream_reset import StreamReset


T = TypeVar("T", bound="StreamEventType6")


@_attrs_define
class StreamEventType6:
    """The events since `Last-Event-ID` cannot all be replayed; fetch the current state again.

    Attributes:
        event (Literal['reset']):
        data (StreamReset):
    """

    event: Literal["reset"]
    data: StreamReset
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event = self.event

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
        from ..models.stream_reset import StreamReset

        d = dict(src_dict)
        event = cast(Literal["reset"], d.pop("event"))
        if event != "reset":
            raise ValueError(f"event must match const 'reset', got '{event}'")

        data = StreamReset.from_dict(d.pop("data"))

        stream_event_type_6 = cls(
            event=event,
            data=data,
        )

        stream_event_type_6.additional_properties = d
        return stream_event_type_6

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
