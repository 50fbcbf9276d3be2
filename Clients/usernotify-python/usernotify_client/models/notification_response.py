from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="NotificationResponse")


@_attrs_define
class NotificationResponse:
    """
    Attributes:
        action_identifier (str): com.apple.UNNotificationDefaultActionIdentifier,
            com.apple.UNNotificationDismissActionIdentifier, or an action of the category.
        user_text (str | Unset): For a text-input action only: the reply as typed, at most 4000 characters (Unicode code
            points; more is refused with `userTextTooLong`).
    """

    action_identifier: str
    user_text: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        action_identifier = self.action_identifier

        user_text = self.user_text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "actionIdentifier": action_identifier,
            }
        )
        if user_text is not UNSET:
            field_dict["userText"] = user_text

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        action_identifier = d.pop("actionIdentifier")

        user_text = d.pop("userText", UNSET)

        notification_response = cls(
            action_identifier=action_identifier,
            user_text=user_text,
        )

        return notification_response
