from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.displayed_call_type import DisplayedCallType, check_displayed_call_type

if TYPE_CHECKING:
    from ..models.displayed_call_data import DisplayedCallData


T = TypeVar("T", bound="DisplayedCall")


@_attrs_define
class DisplayedCall:
    """
    Attributes:
        type_ (DisplayedCallType):
        timestamp (datetime.datetime): When the confirmation came
        data (DisplayedCallData):
    """

    type_: DisplayedCallType
    timestamp: datetime.datetime
    data: DisplayedCallData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        timestamp = self.timestamp.isoformat()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "timestamp": timestamp,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.displayed_call_data import DisplayedCallData

        d = dict(src_dict)
        type_ = check_displayed_call_type(d.pop("type"))

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        data = DisplayedCallData.from_dict(d.pop("data"))

        displayed_call = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        displayed_call.additional_properties = d
        return displayed_call

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
