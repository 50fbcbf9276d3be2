from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.web_push_payload_kind import (
    WebPushPayloadKind,
    check_web_push_payload_kind,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.web_push_payload_actions_item import WebPushPayloadActionsItem


T = TypeVar("T", bound="WebPushPayload")


@_attrs_define
class WebPushPayload:
    """The decrypted body of a Web Push from usernotifyd: what a service worker shows with
    `registration.showNotification(title, {body, tag, image, actions, …})`, or the notifications it
    closes (`registration.getNotifications({tag})`, then `close()`). Paths are under the service's origin.

        Example:
            {'kind': 'notification', 'centerID': 'phone-1', 'tag': 'tea', 'title': 'Tea is ready', 'body': 'Steeped for 4
                minutes.', 'timestamp': 1800000240000, 'actions': [{'action': 'DRINK', 'title': 'Drink'}, {'action': 'LATER',
                'title': 'Later'}], 'token': 'wpr_eyJhIjoiYXBwXzEifQ.c2lnbmF0dXJl'}

        Attributes:
            kind (WebPushPayloadKind):
            center_id (str):
            tag (str | Unset): The request identifier; an update replaces the notification with the same tag (`renotify`).
            tags (list[str] | Unset): `close`: the identifiers to close.
            title (str | Unset):
            subtitle (str | Unset): Browsers have no subtitle; show it above the body.
            body (str | Unset):
            badge (int | Unset): The app icon's badge (`navigator.setAppBadge`).
            thread (str | Unset):
            image (str | Unset): A path that serves the first attachment without credential, for a day
                (`downloadWebPushAttachment`).
            timestamp (int | Unset): The delivery's date
            silent (bool | Unset):
            require_interaction (bool | Unset): Time-sensitive and critical notifications stay until the user acts.
            dismiss_action (bool | Unset): The category has customDismissAction: post the dismiss action on
                `notificationclose`.
            token (str | Unset): Answers this delivery (`respondToWebPush`), and confirms its display (`confirmDisplay`),
                each once.
            actions (list[WebPushPayloadActionsItem] | Unset): The category's actions in order; a browser shows the first
                `Notification.maxActions`.
    """

    kind: WebPushPayloadKind
    center_id: str
    tag: str | Unset = UNSET
    tags: list[str] | Unset = UNSET
    title: str | Unset = UNSET
    subtitle: str | Unset = UNSET
    body: str | Unset = UNSET
    badge: int | Unset = UNSET
    thread: str | Unset = UNSET
    image: str | Unset = UNSET
    timestamp: int | Unset = UNSET
    silent: bool | Unset = UNSET
    require_interaction: bool | Unset = UNSET
    dismiss_action: bool | Unset = UNSET
    token: str | Unset = UNSET
    actions: list[WebPushPayloadActionsItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        center_id = self.center_id

        tag = self.tag

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags

        title = self.title

        subtitle = self.subtitle

        body = self.body

        badge = self.badge

        thread = self.thread

        image = self.image

        timestamp = self.timestamp

        silent = self.silent

        require_interaction = self.require_interaction

        dismiss_action = self.dismiss_action

        token = self.token

        actions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.actions, Unset):
            actions = []
            for actions_item_data in self.actions:
                actions_item = actions_item_data.to_dict()
                actions.append(actions_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "centerID": center_id,
            }
        )
        if tag is not UNSET:
            field_dict["tag"] = tag
        if tags is not UNSET:
            field_dict["tags"] = tags
        if title is not UNSET:
            field_dict["title"] = title
        if subtitle is not UNSET:
            field_dict["subtitle"] = subtitle
        if body is not UNSET:
            field_dict["body"] = body
        if badge is not UNSET:
            field_dict["badge"] = badge
        if thread is not UNSET:
            field_dict["thread"] = thread
        if image is not UNSET:
            field_dict["image"] = image
        if timestamp is not UNSET:
            field_dict["timestamp"] = timestamp
        if silent is not UNSET:
            field_dict["silent"] = silent
        if require_interaction is not UNSET:
            field_dict["requireInteraction"] = require_interaction
        if dismiss_action is not UNSET:
            field_dict["dismissAction"] = dismiss_action
        if token is not UNSET:
            field_dict["token"] = token
        if actions is not UNSET:
            field_dict["actions"] = actions

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.web_push_payload_actions_item import WebPushPayloadActionsItem

        d = dict(src_dict)
        kind = check_web_push_payload_kind(d.pop("kind"))

        center_id = d.pop("centerID")

        tag = d.pop("tag", UNSET)

        tags = cast(list[str], d.pop("tags", UNSET))

        title = d.pop("title", UNSET)

        subtitle = d.pop("subtitle", UNSET)

        body = d.pop("body", UNSET)

        badge = d.pop("badge", UNSET)

        thread = d.pop("thread", UNSET)

        image = d.pop("image", UNSET)

        timestamp = d.pop("timestamp", UNSET)

        silent = d.pop("silent", UNSET)

        require_interaction = d.pop("requireInteraction", UNSET)

        dismiss_action = d.pop("dismissAction", UNSET)

        token = d.pop("token", UNSET)

        _actions = d.pop("actions", UNSET)
        actions: list[WebPushPayloadActionsItem] | Unset = UNSET
        if _actions is not UNSET:
            actions = []
            for actions_item_data in _actions:
                actions_item = WebPushPayloadActionsItem.from_dict(actions_item_data)

                actions.append(actions_item)

        web_push_payload = cls(
            kind=kind,
            center_id=center_id,
            tag=tag,
            tags=tags,
            title=title,
            subtitle=subtitle,
            body=body,
            badge=badge,
            thread=thread,
            image=image,
            timestamp=timestamp,
            silent=silent,
            require_interaction=require_interaction,
            dismiss_action=dismiss_action,
            token=token,
            actions=actions,
        )

        web_push_payload.additional_properties = d
        return web_push_payload

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
