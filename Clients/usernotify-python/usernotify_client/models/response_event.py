from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.delivered_notification import DeliveredNotification


T = TypeVar("T", bound="ResponseEvent")


@_attrs_define
class ResponseEvent:
    """
    Attributes:
        center_id (str):
        action_identifier (str): com.apple.UNNotificationDefaultActionIdentifier,
            com.apple.UNNotificationDismissActionIdentifier, or an action of the category.
        notification (DeliveredNotification):
        user_text (str | Unset): For a text-input action only: the reply as typed, at most 4000 characters (Unicode code
            points; more is refused with `userTextTooLong`).
    """

    center_id: str
    action_identifier: str
    notification: DeliveredNotification
    user_text: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        center_id = self.center_id

        action_identifier = self.action_identifier

        notification = self.notification.to_dict()

        user_text = self.user_text

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "centerID": center_id,
                "actionIdentifier": action_identifier,
                "notification": notification,
            }
        )
        if user_text is not UNSET:
            field_dict["userText"] = user_text

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.delivered_notification import DeliveredNotification

        d = dict(src_dict)
        center_id = d.pop("centerID")

        action_identifier = d.pop("actionIdentifier")

        notification = DeliveredNotification.from_dict(d.pop("notification"))

        user_text = d.pop("userText", UNSET)

        response_event = cls(
            center_id=center_id,
            action_identifier=action_identifier,
            notification=notification,
            user_text=user_text,
        )

        response_event.additional_properties = d
        return response_event

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
