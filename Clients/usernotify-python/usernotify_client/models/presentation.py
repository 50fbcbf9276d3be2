from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="Presentation")


@_attrs_define
class Presentation:
    """
    Attributes:
        banner (bool):
        list_ (bool):
        sound (bool):
        badge (bool):
        lock_screen (bool):
        reasons (list[str]):
        held_until (datetime.datetime | Unset): Held for the Scheduled Summary: in the list, shown and pushed nowhere
            until this date, when it comes in the summary and is then presented quietly.
    """

    banner: bool
    list_: bool
    sound: bool
    badge: bool
    lock_screen: bool
    reasons: list[str]
    held_until: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        banner = self.banner

        list_ = self.list_

        sound = self.sound

        badge = self.badge

        lock_screen = self.lock_screen

        reasons = self.reasons

        held_until: str | Unset = UNSET
        if not isinstance(self.held_until, Unset):
            held_until = self.held_until.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "banner": banner,
                "list": list_,
                "sound": sound,
                "badge": badge,
                "lockScreen": lock_screen,
                "reasons": reasons,
            }
        )
        if held_until is not UNSET:
            field_dict["heldUntil"] = held_until

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        banner = d.pop("banner")

        list_ = d.pop("list")

        sound = d.pop("sound")

        badge = d.pop("badge")

        lock_screen = d.pop("lockScreen")

        reasons = cast(list[str], d.pop("reasons"))

        _held_until = d.pop("heldUntil", UNSET)
        held_until: datetime.datetime | Unset
        if isinstance(_held_until, Unset):
            held_until = UNSET
        else:
            held_until = datetime.datetime.fromisoformat(_held_until)

        presentation = cls(
            banner=banner,
            list_=list_,
            sound=sound,
            badge=badge,
            lock_screen=lock_screen,
            reasons=reasons,
            held_until=held_until,
        )

        presentation.additional_properties = d
        return presentation

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
