from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="NotificationActionTextInput")


@_attrs_define
class NotificationActionTextInput:
    """Present for a UNTextInputNotificationAction.

    Attributes:
        button_title (str):
        placeholder (str):
    """

    button_title: str
    placeholder: str

    def to_dict(self) -> dict[str, Any]:
        button_title = self.button_title

        placeholder = self.placeholder

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "buttonTitle": button_title,
                "placeholder": placeholder,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        button_title = d.pop("buttonTitle")

        placeholder = d.pop("placeholder")

        notification_action_text_input = cls(
            button_title=button_title,
            placeholder=placeholder,
        )

        return notification_action_text_input
