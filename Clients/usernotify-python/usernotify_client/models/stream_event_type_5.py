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
    from ..models.scheduled_summary import ScheduledSummary


T = TypeVar("T", bound="StreamEventType5")


@_attrs_define
class StreamEventType5:
    """A Scheduled Summary came; each notification it releases has its own `presented` before it.

    Attributes:
        event (Literal['summaryDelivered']):
        data (ScheduledSummary): A Scheduled Summary: the notifications held for it, grouped by thread, highest
            `relevanceScore` first (then newest); the first is featured. With previews hidden an item has no title and its
            category's `hiddenPreviewsBodyPlaceholder` as body.
    """

    event: Literal["summaryDelivered"]
    data: ScheduledSummary
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
        from ..models.scheduled_summary import ScheduledSummary

        d = dict(src_dict)
        event = cast(Literal["summaryDelivered"], d.pop("event"))
        if event != "summaryDelivered":
            raise ValueError(
                f"event must match const 'summaryDelivered', got '{event}'"
            )

        data = ScheduledSummary.from_dict(d.pop("data"))

        stream_event_type_5 = cls(
            event=event,
            data=data,
        )

        stream_event_type_5.additional_properties = d
        return stream_event_type_5

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
