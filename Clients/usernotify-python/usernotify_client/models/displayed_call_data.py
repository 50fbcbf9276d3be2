from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DisplayedCallData")


@_attrs_define
class DisplayedCallData:
    """
    Attributes:
        center_id (str):
        identifier (str):
        delivered_at (datetime.datetime): The delivery it was shown of (an update of the identifier is another).
        destination (str | Unset): The browser's push subscription or the phone's registration that showed it.
    """

    center_id: str
    identifier: str
    delivered_at: datetime.datetime
    destination: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        center_id = self.center_id

        identifier = self.identifier

        delivered_at = self.delivered_at.isoformat()

        destination = self.destination

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "centerID": center_id,
                "identifier": identifier,
                "deliveredAt": delivered_at,
            }
        )
        if destination is not UNSET:
            field_dict["destination"] = destination

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        center_id = d.pop("centerID")

        identifier = d.pop("identifier")

        delivered_at = datetime.datetime.fromisoformat(d.pop("deliveredAt"))

        destination = d.pop("destination", UNSET)

        displayed_call_data = cls(
            center_id=center_id,
            identifier=identifier,
            delivered_at=delivered_at,
            destination=destination,
        )

        displayed_call_data.additional_properties = d
        return displayed_call_data

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
