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

T = TypeVar("T", bound="NamedSound")


@_attrs_define
class NamedSound:
    """
    Attributes:
        type_ (Literal['named']):
        name (str):
    """

    type_: Literal["named"]
    name: str

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["named"], d.pop("type"))
        if type_ != "named":
            raise ValueError(f"type must match const 'named', got '{type_}'")

        name = d.pop("name")

        named_sound = cls(
            type_=type_,
            name=name,
        )

        return named_sound
