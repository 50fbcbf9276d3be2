from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.authorization_status import (
    AuthorizationStatus,
    check_authorization_status,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.authorization_prompt import AuthorizationPrompt
    from ..models.center_state import CenterState


T = TypeVar("T", bound="Center")


@_attrs_define
class Center:
    """A center. Its `state` in the app's view has no `focus`, `scheduledFocuses` or `summaryTimes` (an app learns only
    `isFocused`); in the user's own view (getMe) it has them.

        Attributes:
            id (str):
            app_id (str):
            authorization_status (AuthorizationStatus):
            badge (int):
            state (CenterState):
            is_focused (bool): Whether a Focus is on now (`INFocusStatus.isFocused`): all an app learns of the user's Focus.
            created_at (datetime.datetime):
            prompt (AuthorizationPrompt | Unset):
            app_name (str | Unset): The app's name, as the person holding the device reads it (in the prompt, on banners).
                In the user's own view (getMe).
    """

    id: str
    app_id: str
    authorization_status: AuthorizationStatus
    badge: int
    state: CenterState
    is_focused: bool
    created_at: datetime.datetime
    prompt: AuthorizationPrompt | Unset = UNSET
    app_name: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        app_id = self.app_id

        authorization_status: str = self.authorization_status

        badge = self.badge

        state = self.state.to_dict()

        is_focused = self.is_focused

        created_at = self.created_at.isoformat()

        prompt: dict[str, Any] | Unset = UNSET
        if not isinstance(self.prompt, Unset):
            prompt = self.prompt.to_dict()

        app_name = self.app_name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "appID": app_id,
                "authorizationStatus": authorization_status,
                "badge": badge,
                "state": state,
                "isFocused": is_focused,
                "createdAt": created_at,
            }
        )
        if prompt is not UNSET:
            field_dict["prompt"] = prompt
        if app_name is not UNSET:
            field_dict["appName"] = app_name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.authorization_prompt import AuthorizationPrompt
        from ..models.center_state import CenterState

        d = dict(src_dict)
        id = d.pop("id")

        app_id = d.pop("appID")

        authorization_status = check_authorization_status(d.pop("authorizationStatus"))

        badge = d.pop("badge")

        state = CenterState.from_dict(d.pop("state"))

        is_focused = d.pop("isFocused")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        _prompt = d.pop("prompt", UNSET)
        prompt: AuthorizationPrompt | Unset
        if isinstance(_prompt, Unset):
            prompt = UNSET
        else:
            prompt = AuthorizationPrompt.from_dict(_prompt)

        app_name = d.pop("appName", UNSET)

        center = cls(
            id=id,
            app_id=app_id,
            authorization_status=authorization_status,
            badge=badge,
            state=state,
            is_focused=is_focused,
            created_at=created_at,
            prompt=prompt,
            app_name=app_name,
        )

        center.additional_properties = d
        return center

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
