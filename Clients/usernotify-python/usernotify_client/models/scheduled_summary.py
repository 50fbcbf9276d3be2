from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.scheduled_summary_groups_item import ScheduledSummaryGroupsItem


T = TypeVar("T", bound="ScheduledSummary")


@_attrs_define
class ScheduledSummary:
    """A Scheduled Summary: the notifications held for it, grouped by thread, highest `relevanceScore` first (then newest);
    the first is featured. With previews hidden an item has no title and its category's `hiddenPreviewsBodyPlaceholder`
    as body.

        Attributes:
            date (datetime.datetime):
            featured (str): The identifier of the most relevant notification.
            count (int):
            groups (list[ScheduledSummaryGroupsItem]):
    """

    date: datetime.datetime
    featured: str
    count: int
    groups: list[ScheduledSummaryGroupsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        featured = self.featured

        count = self.count

        groups = []
        for groups_item_data in self.groups:
            groups_item = groups_item_data.to_dict()
            groups.append(groups_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date": date,
                "featured": featured,
                "count": count,
                "groups": groups,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.scheduled_summary_groups_item import ScheduledSummaryGroupsItem

        d = dict(src_dict)
        date = datetime.datetime.fromisoformat(d.pop("date"))

        featured = d.pop("featured")

        count = d.pop("count")

        groups = []
        _groups = d.pop("groups")
        for groups_item_data in _groups:
            groups_item = ScheduledSummaryGroupsItem.from_dict(groups_item_data)

            groups.append(groups_item)

        scheduled_summary = cls(
            date=date,
            featured=featured,
            count=count,
            groups=groups,
        )

        scheduled_summary.additional_properties = d
        return scheduled_summary

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
