from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Topic")


@_attrs_define
class Topic:
    """
    Attributes:
        identifier (str):
        display_name (str):
        created_at (datetime.datetime):
        subscriber_count (int | Unset): How many centers are subscribed.
    """

    identifier: str
    display_name: str
    created_at: datetime.datetime
    subscriber_count: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        identifier = self.identifier

        display_name = self.display_name

        created_at = self.created_at.isoformat()

        subscriber_count = self.subscriber_count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "identifier": identifier,
                "displayName": display_name,
                "createdAt": created_at,
            }
        )
        if subscriber_count is not UNSET:
            field_dict["subscriberCount"] = subscriber_count

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        identifier = d.pop("identifier")

        display_name = d.pop("displayName")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        subscriber_count = d.pop("subscriberCount", UNSET)

        topic = cls(
            identifier=identifier,
            display_name=display_name,
            created_at=created_at,
            subscriber_count=subscriber_count,
        )

        topic.additional_properties = d
        return topic

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
