from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BroadcastCounts")


@_attrs_define
class BroadcastCounts:
    """
    Attributes:
        targeted (int): Members whose firing came.
        presented (int): Members it was presented to (a banner
        quiet (int): Members that got it quietly: in the list only, held for a Scheduled Summary, or silenced by a
            Focus.
        not_authorized (int): Members whose user has not allowed notifications; they got nothing.
        failed (int): Deliveries to members' browsers and phones that failed for good (refused, unregistered or
            expired).
    """

    targeted: int
    presented: int
    quiet: int
    not_authorized: int
    failed: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        targeted = self.targeted

        presented = self.presented

        quiet = self.quiet

        not_authorized = self.not_authorized

        failed = self.failed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "targeted": targeted,
                "presented": presented,
                "quiet": quiet,
                "notAuthorized": not_authorized,
                "failed": failed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        targeted = d.pop("targeted")

        presented = d.pop("presented")

        quiet = d.pop("quiet")

        not_authorized = d.pop("notAuthorized")

        failed = d.pop("failed")

        broadcast_counts = cls(
            targeted=targeted,
            presented=presented,
            quiet=quiet,
            not_authorized=not_authorized,
            failed=failed,
        )

        broadcast_counts.additional_properties = d
        return broadcast_counts

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
