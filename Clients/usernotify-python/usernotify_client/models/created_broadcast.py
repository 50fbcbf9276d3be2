from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.broadcast import Broadcast


T = TypeVar("T", bound="CreatedBroadcast")


@_attrs_define
class CreatedBroadcast:
    """
    Attributes:
        broadcast (Broadcast):
        replaced (list[str]): The ids of the active broadcasts with the same request identifier it replaced.
    """

    broadcast: Broadcast
    replaced: list[str]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        broadcast = self.broadcast.to_dict()

        replaced = self.replaced

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "broadcast": broadcast,
                "replaced": replaced,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.broadcast import Broadcast

        d = dict(src_dict)
        broadcast = Broadcast.from_dict(d.pop("broadcast"))

        replaced = cast(list[str], d.pop("replaced"))

        created_broadcast = cls(
            broadcast=broadcast,
            replaced=replaced,
        )

        created_broadcast.additional_properties = d
        return created_broadcast

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
