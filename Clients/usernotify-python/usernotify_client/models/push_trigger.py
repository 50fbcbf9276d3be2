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

T = TypeVar("T", bound="PushTrigger")


@_attrs_define
class PushTrigger:
    """Set on notifications that arrived by push; cannot be scheduled.

    Attributes:
        type_ (Literal['push']):
        repeats (bool | Unset):
    """

    type_: Literal["push"]
    repeats: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        repeats = self.repeats

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if repeats is not UNSET:
            field_dict["repeats"] = repeats

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["push"], d.pop("type"))
        if type_ != "push":
            raise ValueError(f"type must match const 'push', got '{type_}'")

        repeats = d.pop("repeats", UNSET)

        push_trigger = cls(
            type_=type_,
            repeats=repeats,
        )

        return push_trigger
