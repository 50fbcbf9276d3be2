from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="LocationRegion")


@_attrs_define
class LocationRegion:
    """
    Attributes:
        identifier (str):
        latitude (float):
        longitude (float):
        radius (float):
        notify_on_entry (bool | Unset):  Default: True.
        notify_on_exit (bool | Unset):  Default: True.
    """

    identifier: str
    latitude: float
    longitude: float
    radius: float
    notify_on_entry: bool | Unset = True
    notify_on_exit: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        identifier = self.identifier

        latitude = self.latitude

        longitude = self.longitude

        radius = self.radius

        notify_on_entry = self.notify_on_entry

        notify_on_exit = self.notify_on_exit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "identifier": identifier,
                "latitude": latitude,
                "longitude": longitude,
                "radius": radius,
            }
        )
        if notify_on_entry is not UNSET:
            field_dict["notifyOnEntry"] = notify_on_entry
        if notify_on_exit is not UNSET:
            field_dict["notifyOnExit"] = notify_on_exit

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        identifier = d.pop("identifier")

        latitude = d.pop("latitude")

        longitude = d.pop("longitude")

        radius = d.pop("radius")

        notify_on_entry = d.pop("notifyOnEntry", UNSET)

        notify_on_exit = d.pop("notifyOnExit", UNSET)

        location_region = cls(
            identifier=identifier,
            latitude=latitude,
            longitude=longitude,
            radius=radius,
            notify_on_entry=notify_on_entry,
            notify_on_exit=notify_on_exit,
        )

        return location_region
