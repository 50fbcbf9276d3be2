from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="WebPushResponse")


@_attrs_define
class WebPushResponse:
    """
    Attributes:
        token (str): The `token` of the push.
        action_identifier (str): com.apple.UNNotificationDefaultActionIdentifier (a tap),
            com.apple.UNNotificationDismissActionIdentifier (closed, when the payload has `dismissAction`), or one of the
            payload's `actions[].action`.
        user_text (str | Unset): For a text-input action only: the reply as typed, at most 4000 characters (Unicode code
            points; more is refused with `userTextTooLong`).
    """

    token: str
    action_identifier: str
    user_text: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        action_identifier = self.action_identifier

        user_text = self.user_text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
                "actionIdentifier": action_identifier,
            }
        )
        if user_text is not UNSET:
            field_dict["userText"] = user_text

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        token = d.pop("token")

        action_identifier = d.pop("actionIdentifier")

        user_text = d.pop("userText", UNSET)

        web_push_response = cls(
            token=token,
            action_identifier=action_identifier,
            user_text=user_text,
        )

        return web_push_response
