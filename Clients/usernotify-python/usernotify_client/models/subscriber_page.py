from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SubscriberPage")


@_attrs_define
class SubscriberPage:
    """
    Attributes:
        centers (list[str]): Center ids, in order.
        count (int): How many centers are subscribed in all.
        next_cursor (str | Unset): Absent on the last page.
    """

    centers: list[str]
    count: int
    next_cursor: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        centers = self.centers

        count = self.count

        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "centers": centers,
                "count": count,
            }
        )
        if next_cursor is not UNSET:
            field_dict["nextCursor"] = next_cursor

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        centers = cast(list[str], d.pop("centers"))

        count = d.pop("count")

        next_cursor = d.pop("nextCursor", UNSET)

        subscriber_page = cls(
            centers=centers,
            count=count,
            next_cursor=next_cursor,
        )

        subscriber_page.additional_properties = d
        return subscriber_page

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
