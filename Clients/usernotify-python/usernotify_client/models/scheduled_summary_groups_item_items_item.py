from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ScheduledSummaryGroupsItemItemsItem")


@_attrs_define
class ScheduledSummaryGroupsItemItemsItem:
    """
    Attributes:
        identifier (str):
        date (datetime.datetime): When it was delivered and held.
        title (str | Unset):
        body (str | Unset):
        relevance_score (float | Unset):
    """

    identifier: str
    date: datetime.datetime
    title: str | Unset = UNSET
    body: str | Unset = UNSET
    relevance_score: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        identifier = self.identifier

        date = self.date.isoformat()

        title = self.title

        body = self.body

        relevance_score = self.relevance_score

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "identifier": identifier,
                "date": date,
            }
        )
        if title is not UNSET:
            field_dict["title"] = title
        if body is not UNSET:
            field_dict["body"] = body
        if relevance_score is not UNSET:
            field_dict["relevanceScore"] = relevance_score

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        identifier = d.pop("identifier")

        date = datetime.datetime.fromisoformat(d.pop("date"))

        title = d.pop("title", UNSET)

        body = d.pop("body", UNSET)

        relevance_score = d.pop("relevanceScore", UNSET)

        scheduled_summary_groups_item_items_item = cls(
            identifier=identifier,
            date=date,
            title=title,
            body=body,
            relevance_score=relevance_score,
        )

        scheduled_summary_groups_item_items_item.additional_properties = d
        return scheduled_summary_groups_item_items_item

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
