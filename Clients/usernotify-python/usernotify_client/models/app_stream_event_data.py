from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.app_stream_event_data_reason import (
    AppStreamEventDataReason,
    check_app_stream_event_data_reason,
)

T = TypeVar("T", bound="AppStreamEventData")


@_attrs_define
class AppStreamEventData:
    """
    Attributes:
        url (str):
        reason (AppStreamEventDataReason):
    """

    url: str
    reason: AppStreamEventDataReason
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        reason: str = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        reason = check_app_stream_event_data_reason(d.pop("reason"))

        app_stream_event_data = cls(
            url=url,
            reason=reason,
        )

        app_stream_event_data.additional_properties = d
        return app_stream_event_data

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
