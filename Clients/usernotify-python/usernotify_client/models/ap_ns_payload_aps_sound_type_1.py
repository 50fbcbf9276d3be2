from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ap_ns_payload_aps_sound_type_1_critical import (
    APNsPayloadApsSoundType1Critical,
    check_ap_ns_payload_aps_sound_type_1_critical,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="APNsPayloadApsSoundType1")


@_attrs_define
class APNsPayloadApsSoundType1:
    """
    Attributes:
        critical (APNsPayloadApsSoundType1Critical | Unset):
        name (str | Unset):
        volume (float | Unset):
    """

    critical: APNsPayloadApsSoundType1Critical | Unset = UNSET
    name: str | Unset = UNSET
    volume: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        critical: int | Unset = UNSET
        if not isinstance(self.critical, Unset):
            critical = self.critical

        name = self.name

        volume = self.volume

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if critical is not UNSET:
            field_dict["critical"] = critical
        if name is not UNSET:
            field_dict["name"] = name
        if volume is not UNSET:
            field_dict["volume"] = volume

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _critical = d.pop("critical", UNSET)
        critical: APNsPayloadApsSoundType1Critical | Unset
        if isinstance(_critical, Unset):
            critical = UNSET
        else:
            critical = check_ap_ns_payload_aps_sound_type_1_critical(_critical)

        name = d.pop("name", UNSET)

        volume = d.pop("volume", UNSET)

        ap_ns_payload_aps_sound_type_1 = cls(
            critical=critical,
            name=name,
            volume=volume,
        )

        ap_ns_payload_aps_sound_type_1.additional_properties = d
        return ap_ns_payload_aps_sound_type_1

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
