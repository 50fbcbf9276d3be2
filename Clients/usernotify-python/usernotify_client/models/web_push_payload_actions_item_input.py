from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebPushPayloadActionsItemInput")


@_attrs_define
class WebPushPayloadActionsItemInput:
    """A text-input action: open the reply page (`/console/reply.html#token=…&action=…`).

    Attributes:
        button_title (str):
        placeholder (str):
    """

    button_title: str
    placeholder: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        button_title = self.button_title

        placeholder = self.placeholder

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        web_push_payload_actions_item_input = cls(
            button_title=button_title,
            placeholder=placeholder,
        )

        web_push_payload_actions_item_input.additional_properties = d
        return web_push_payload_actions_item_input

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
