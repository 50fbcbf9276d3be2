from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.broadcast import Broadcast


T = TypeVar("T", bound="BroadcastPage")


@_attrs_define
class BroadcastPage:
    """
    Attributes:
        broadcasts (list[Broadcast]):
        next_cursor (str | Unset): Absent on the last page.
    """

    broadcasts: list[Broadcast]
    next_cursor: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        broadcasts = []
        for broadcasts_item_data in self.broadcasts:
            broadcasts_item = broadcasts_item_data.to_dict()
            broadcasts.append(broadcasts_item)

        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "broadcasts": broadcasts,
            }
        )
        if next_cursor is not UNSET:
            field_dict["nextCursor"] = next_cursor

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.broadcast import Broadcast

        d = dict(src_dict)
        broadcasts = []
        _broadcasts = d.pop("broadcasts")
        for broadcasts_item_data in _broadcasts:
            broadcasts_item = Broadcast.from_dict(broadcasts_item_data)

            broadcasts.append(broadcasts_item)

        next_cursor = d.pop("nextCursor", UNSET)

        broadcast_page = cls(
            broadcasts=broadcasts,
            next_cursor=next_cursor,
        )

        broadcast_page.additional_properties = d
        return broadcast_page

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
