from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.notification_category_options_item import (
    NotificationCategoryOptionsItem,
    check_notification_category_options_item,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.notification_action import NotificationAction


T = TypeVar("T", bound="NotificationCategory")


@_attrs_define
class NotificationCategory:
    """
    Attributes:
        identifier (str):
        actions (list[NotificationAction] | Unset):
        intent_identifiers (list[str] | Unset):
        hidden_previews_body_placeholder (str | Unset):
        category_summary_format (str | Unset):
        options (list[NotificationCategoryOptionsItem] | Unset):
    """

    identifier: str
    actions: list[NotificationAction] | Unset = UNSET
    intent_identifiers: list[str] | Unset = UNSET
    hidden_previews_body_placeholder: str | Unset = UNSET
    category_summary_format: str | Unset = UNSET
    options: list[NotificationCategoryOptionsItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        identifier = self.identifier

        actions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.actions, Unset):
            actions = []
            for actions_item_data in self.actions:
                actions_item = actions_item_data.to_dict()
                actions.append(actions_item)

        intent_identifiers: list[str] | Unset = UNSET
        if not isinstance(self.intent_identifiers, Unset):
            intent_identifiers = self.intent_identifiers

        hidden_previews_body_placeholder = self.hidden_previews_body_placeholder

        category_summary_format = self.category_summary_format

        options: list[str] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = []
            for options_item_data in self.options:
                options_item: str = options_item_data
                options.append(options_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "identifier": identifier,
            }
        )
        if actions is not UNSET:
            field_dict["actions"] = actions
        if intent_identifiers is not UNSET:
            field_dict["intentIdentifiers"] = intent_identifiers
        if hidden_previews_body_placeholder is not UNSET:
            field_dict["hiddenPreviewsBodyPlaceholder"] = (
                hidden_previews_body_placeholder
            )
        if category_summary_format is not UNSET:
            field_dict["categorySummaryFormat"] = category_summary_format
        if options is not UNSET:
            field_dict["options"] = options

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.notification_action import NotificationAction

        d = dict(src_dict)
        identifier = d.pop("identifier")

        _actions = d.pop("actions", UNSET)
        actions: list[NotificationAction] | Unset = UNSET
        if _actions is not UNSET:
            actions = []
            for actions_item_data in _actions:
                actions_item = NotificationAction.from_dict(actions_item_data)

                actions.append(actions_item)

        intent_identifiers = cast(list[str], d.pop("intentIdentifiers", UNSET))

        hidden_previews_body_placeholder = d.pop("hiddenPreviewsBodyPlaceholder", UNSET)

        category_summary_format = d.pop("categorySummaryFormat", UNSET)

        _options = d.pop("options", UNSET)
        options: list[NotificationCategoryOptionsItem] | Unset = UNSET
        if _options is not UNSET:
            options = []
            for options_item_data in _options:
                options_item = check_notification_category_options_item(
                    options_item_data
                )

                options.append(options_item)

        notification_category = cls(
            identifier=identifier,
            actions=actions,
            intent_identifiers=intent_identifiers,
            hidden_previews_body_placeholder=hidden_previews_body_placeholder,
            category_summary_format=category_summary_format,
            options=options,
        )

        return notification_category
