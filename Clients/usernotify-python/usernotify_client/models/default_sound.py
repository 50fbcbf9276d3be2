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

T = TypeVar("T", bound="DefaultSound")


@_attrs_define
class DefaultSound:
    """
    Attributes:
        type_ (Literal['default']):
    """

    type_: Literal["default"]

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["default"], d.pop("type"))
        if type_ != "default":
            raise ValueError(f"type must match const 'default', got '{type_}'")

        default_sound = cls(
            type_=type_,
        )

        return default_sound
