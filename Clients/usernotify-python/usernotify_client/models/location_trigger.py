from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.location_region import LocationRegion


T = TypeVar("T", bound="LocationTrigger")


@_attrs_define
class LocationTrigger:
    """
    Attributes:
        type_ (Literal['location']):
        region (LocationRegion):
        repeats (bool | Unset):  Default: False.
    """

    type_: Literal["location"]
    region: LocationRegion
    repeats: bool | Unset = False

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        region = self.region.to_dict()

        repeats = self.repeats

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "region": region,
            }
        )
        if repeats is not UNSET:
            field_dict["repeats"] = repeats

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.location_region import LocationRegion

        d = dict(src_dict)
        type_ = cast(Literal["location"], d.pop("type"))
        if type_ != "location":
            raise ValueError(f"type must match const 'location', got '{type_}'")

        region = LocationRegion.from_dict(d.pop("region"))

        repeats = d.pop("repeats", UNSET)

        location_trigger = cls(
            type_=type_,
            region=region,
            repeats=repeats,
        )

        return location_trigger
