from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DeliveryAttemptsItem")


@_attrs_define
class DeliveryAttemptsItem:
    """
    Attributes:
        number (int):
        at (datetime.datetime):
        duration_milliseconds (int):
        status_code (int | Unset):
        error (str | Unset):
        provider_message_id (str | Unset): A relay to a phone: the provider's id for the message it accepted (apns-id;
            FCM's message name).
    """

    number: int
    at: datetime.datetime
    duration_milliseconds: int
    status_code: int | Unset = UNSET
    error: str | Unset = UNSET
    provider_message_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        at = self.at.isoformat()

        duration_milliseconds = self.duration_milliseconds

        status_code = self.status_code

        error = self.error

        provider_message_id = self.provider_message_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "at": at,
                "durationMilliseconds": duration_milliseconds,
            }
        )
        if status_code is not UNSET:
            field_dict["statusCode"] = status_code
        if error is not UNSET:
            field_dict["error"] = error
        if provider_message_id is not UNSET:
            field_dict["providerMessageID"] = provider_message_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        number = d.pop("number")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        duration_milliseconds = d.pop("durationMilliseconds")

        status_code = d.pop("statusCode", UNSET)

        error = d.pop("error", UNSET)

        provider_message_id = d.pop("providerMessageID", UNSET)

        delivery_attempts_item = cls(
            number=number,
            at=at,
            duration_milliseconds=duration_milliseconds,
            status_code=status_code,
            error=error,
            provider_message_id=provider_message_id,
        )

        delivery_attempts_item.additional_properties = d
        return delivery_attempts_item

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
