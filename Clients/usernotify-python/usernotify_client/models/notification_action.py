from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.notification_action_options_item import (
    NotificationActionOptionsItem,
    check_notification_action_options_item,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.notification_action_icon import NotificationActionIcon
    from ..models.notification_action_text_input import NotificationActionTextInput


T = TypeVar("T", bound="NotificationAction")


@_attrs_define
class NotificationAction:
    """
    Attributes:
        identifier (str):
        title (str):
        options (list[NotificationActionOptionsItem] | Unset):
        text_input (NotificationActionTextInput | Unset): Present for a UNTextInputNotificationAction.
        icon (NotificationActionIcon | Unset):
    """

    identifier: str
    title: str
    options: list[NotificationActionOptionsItem] | Unset = UNSET
    text_input: NotificationActionTextInput | Unset = UNSET
    icon: NotificationActionIcon | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        identifier = self.identifier

        title = self.title

        options: list[str] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = []
            for options_item_data in self.options:
                options_item: str = options_item_data
                options.append(options_item)

        text_input: dict[str, Any] | Unset = UNSET
        if not isinstance(self.text_input, Unset):
            text_input = self.text_input.to_dict()

        icon: dict[str, Any] | Unset = UNSET
        if not isinstance(self.icon, Unset):
            icon = self.icon.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "identifier": identifier,
                "title": title,
            }
        )
        if options is not UNSET:
            field_dict["options"] = options
        if text_input is not UNSET:
            field_dict["textInput"] = text_input
        if icon is not UNSET:
            field_dict["icon"] = icon

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.notification_action_icon import NotificationActionIcon
        from ..models.notification_action_text_input import NotificationActionTextInput

        d = dict(src_dict)
        identifier = d.pop("identifier")

        title = d.pop("title")

        _options = d.pop("options", UNSET)
        options: list[NotificationActionOptionsItem] | Unset = UNSET
        if _options is not UNSET:
            options = []
            for options_item_data in _options:
                options_item = check_notification_action_options_item(options_item_data)

                options.append(options_item)

        _text_input = d.pop("textInput", UNSET)
        text_input: NotificationActionTextInput | Unset
        if isinstance(_text_input, Unset):
            text_input = UNSET
        else:
            text_input = NotificationActionTextInput.from_dict(_text_input)

        _icon = d.pop("icon", UNSET)
        icon: NotificationActionIcon | Unset
        if isinstance(_icon, Unset):
            icon = UNSET
        else:
            icon = NotificationActionIcon.from_dict(_icon)

        notification_action = cls(
            identifier=identifier,
            title=title,
            options=options,
            text_input=text_input,
            icon=icon,
        )

        return notification_action
