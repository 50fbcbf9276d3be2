from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.web_push_payload_actions_item_input import (
        WebPushPayloadActionsItemInput,
    )


T = TypeVar("T", bound="WebPushPayloadActionsItem")


@_attrs_define
class WebPushPayloadActionsItem:
    """
    Attributes:
        action (str):
        title (str):
        destructive (bool | Unset):
        foreground (bool | Unset):
        input_ (WebPushPayloadActionsItemInput | Unset): A text-input action: open the reply page
            (`/console/reply.html#token=…&action=…`).
    """

    action: str
    title: str
    destructive: bool | Unset = UNSET
    foreground: bool | Unset = UNSET
    input_: WebPushPayloadActionsItemInput | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        title = self.title

        destructive = self.destructive

        foreground = self.foreground

        input_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.input_, Unset):
            input_ = self.input_.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "action": action,
                "title": title,
            }
        )
        if destructive is not UNSET:
            field_dict["destructive"] = destructive
        if foreground is not UNSET:
            field_dict["foreground"] = foreground
        if input_ is not UNSET:
            field_dict["input"] = input_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.web_push_payload_actions_item_input import (
            WebPushPayloadActionsItemInput,
        )

        d = dict(src_dict)
        action = d.pop("action")

        title = d.pop("title")

        destructive = d.pop("destructive", UNSET)

        foreground = d.pop("foreground", UNSET)

        _input_ = d.pop("input", UNSET)
        input_: WebPushPayloadActionsItemInput | Unset
        if isinstance(_input_, Unset):
            input_ = UNSET
        else:
            input_ = WebPushPayloadActionsItemInput.from_dict(_input_)

        web_push_payload_actions_item = cls(
            action=action,
            title=title,
            destructive=destructive,
            foreground=foreground,
            input_=input_,
        )

        web_push_payload_actions_item.additional_properties = d
        return web_push_payload_actions_item

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
