from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.scheduled_summary_groups_item_items_item import (
        ScheduledSummaryGroupsItemItemsItem,
    )


T = TypeVar("T", bound="ScheduledSummaryGroupsItem")


@_attrs_define
class ScheduledSummaryGroupsItem:
    """
    Attributes:
        summary (str): The group's line: its category's `categorySummaryFormat` (%u the count, %@ the summary argument),
            or "N notifications".
        items (list[ScheduledSummaryGroupsItemItemsItem]):
        thread_identifier (str | Unset):
    """

    summary: str
    items: list[ScheduledSummaryGroupsItemItemsItem]
    thread_identifier: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        summary = self.summary

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        thread_identifier = self.thread_identifier

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "summary": summary,
                "items": items,
            }
        )
        if thread_identifier is not UNSET:
            field_dict["threadIdentifier"] = thread_identifier

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.scheduled_summary_groups_item_items_item import (
            ScheduledSummaryGroupsItemItemsItem,
        )

        d = dict(src_dict)
        summary = d.pop("summary")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = ScheduledSummaryGroupsItemItemsItem.from_dict(items_item_data)

            items.append(items_item)

        thread_identifier = d.pop("threadIdentifier", UNSET)

        scheduled_summary_groups_item = cls(
            summary=summary,
            items=items,
            thread_identifier=thread_identifier,
        )

        scheduled_summary_groups_item.additional_properties = d
        return scheduled_summary_groups_item

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
