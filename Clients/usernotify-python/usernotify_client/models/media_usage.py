from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="MediaUsage")


@_attrs_define
class MediaUsage:
    """
    Attributes:
        count (int):
        bytes_ (int):
        quota_bytes (int):
    """

    count: int
    bytes_: int
    quota_bytes: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        bytes_ = self.bytes_

        quota_bytes = self.quota_bytes

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "count": count,
                "bytes": bytes_,
                "quotaBytes": quota_bytes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        count = d.pop("count")

        bytes_ = d.pop("bytes")

        quota_bytes = d.pop("quotaBytes")

        media_usage = cls(
            count=count,
            bytes_=bytes_,
            quota_bytes=quota_bytes,
        )

        media_usage.additional_properties = d
        return media_usage

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
