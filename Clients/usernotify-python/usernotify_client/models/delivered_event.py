from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.delivered_notification import DeliveredNotification


T = TypeVar("T", bound="DeliveredEvent")


@_attrs_define
class DeliveredEvent:
    """
    Attributes:
        center_id (str):
        notification (DeliveredNotification):
    """

    center_id: str
    notification: DeliveredNotification
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        center_id = self.center_id

        notification = self.notification.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "centerID": center_id,
                "notification": notification,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.delivered_notification import DeliveredNotification

        d = dict(src_dict)
        center_id = d.pop("centerID")

        notification = DeliveredNotification.from_dict(d.pop("notification"))

        delivered_event = cls(
            center_id=center_id,
            notification=notification,
        )

        delivered_event.additional_properties = d
        return delivered_event

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
