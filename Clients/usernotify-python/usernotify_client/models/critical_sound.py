from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CriticalSound")


@_attrs_define
class CriticalSound:
    """
    Attributes:
        type_ (Literal['critical']):
        name (str | Unset): Absent for the default critical sound.
        volume (float | Unset):  Default: 1.0.
    """

    type_: Literal["critical"]
    name: str | Unset = UNSET
    volume: float | Unset = 1.0

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        name = self.name

        volume = self.volume

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if volume is not UNSET:
            field_dict["volume"] = volume

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["critical"], d.pop("type"))
        if type_ != "critical":
            raise ValueError(f"type must match const 'critical', got '{type_}'")

        name = d.pop("name", UNSET)

        volume = d.pop("volume", UNSET)

        critical_sound = cls(
            type_=type_,
            name=name,
            volume=volume,
        )

        return critical_sound
