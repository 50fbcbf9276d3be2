from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.broadcast_completed_call_type import (
    BroadcastCompletedCallType,
    check_broadcast_completed_call_type,
)

if TYPE_CHECKING:
    from ..models.broadcast import Broadcast


T = TypeVar("T", bound="BroadcastCompletedCall")


@_attrs_define
class BroadcastCompletedCall:
    """
    Attributes:
        type_ (BroadcastCompletedCallType):
        timestamp (datetime.datetime): When the last firing came
        data (Broadcast):
    """

    type_: BroadcastCompletedCallType
    timestamp: datetime.datetime
    data: Broadcast
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
        from ..models.broadcast import Broadcast

        d = dict(src_dict)
        type_ = check_broadcast_completed_call_type(d.pop("type"))

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        data = Broadcast.from_dict(d.pop("data"))

        broadcast_completed_call = cls(
            type_=type_,
            timestamp=timestamp,
            data=data,
        )

        broadcast_completed_call.additional_properties = d
        return broadcast_completed_call

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
