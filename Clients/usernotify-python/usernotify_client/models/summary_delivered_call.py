from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.summary_delivered_call_type import (
    SummaryDeliveredCallType,
    check_summary_delivered_call_type,
)

if TYPE_CHECKING:
    from ..models.summary_delivered_call_data import SummaryDeliveredCallData


T = TypeVar("T", bound="SummaryDeliveredCall")


@_attrs_define
class SummaryDeliveredCall:
    """
    Attributes:
        type_ (SummaryDeliveredCallType):
        timestamp (datetime.datetime): When the summary came
        data (SummaryDeliveredCallData):
    """

    type_: SummaryDeliveredCallType
    timestamp: datetime.datetime
    data: SummaryDeliveredCallData
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
        from ..models.summary_delivered_call_data import SummaryDeliveredCallData

        d = dict(src_dict)
        type_ = check_summary_delivered_call_type(d.pop("type"))

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        data = SummaryDeliveredCallData.from_dict(d.pop("data"))

        summary_delivered_call = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        summary_delivered_call.additional_properties = d
        return summary_delivered_call

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
