from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.scheduled_summary import ScheduledSummary


T = TypeVar("T", bound="SummaryDeliveredCallData")


@_attrs_define
class SummaryDeliveredCallData:
    """
    Attributes:
        center_id (str):
        summary (ScheduledSummary): A Scheduled Summary: the notifications held for it, grouped by thread, highest
            `relevanceScore` first (then newest); the first is featured. With previews hidden an item has no title and its
            category's `hiddenPreviewsBodyPlaceholder` as body.
    """

    center_id: str
    summary: ScheduledSummary
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        center_id = self.center_id

        summary = self.summary.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "centerID": center_id,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.scheduled_summary import ScheduledSummary

        d = dict(src_dict)
        center_id = d.pop("centerID")

        summary = ScheduledSummary.from_dict(d.pop("summary"))

        summary_delivered_call_data = cls(
            center_id=center_id,
            summary=summary,
        )

        summary_delivered_call_data.additional_properties = d
        return summary_delivered_call_data

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
