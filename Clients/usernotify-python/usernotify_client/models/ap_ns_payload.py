from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.ap_ns_payload_aps import APNsPayloadAps


T = TypeVar("T", bound="APNsPayload")


@_attrs_define
class APNsPayload:
    """Custom keys beside `aps` become `userInfo`.

    Attributes:
        aps (APNsPayloadAps):
    """

    aps: APNsPayloadAps
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        aps = self.aps.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "aps": aps,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ap_ns_payload_aps import APNsPayloadAps

        d = dict(src_dict)
        aps = APNsPayloadAps.from_dict(d.pop("aps"))

        ap_ns_payload = cls(
            aps=aps,
        )

        ap_ns_payload.additional_properties = d
        return ap_ns_payload

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
