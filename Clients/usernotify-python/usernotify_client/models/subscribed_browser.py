from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SubscribedBrowser")


@_attrs_define
class SubscribedBrowser:
    """A browser's subscription, and the token its service worker keeps.

    Attributes:
        id (str):
        endpoint (str):
        vapid_key_id (str): The key its messages are signed with.
        created_at (datetime.datetime):
        subscription_token (str): For the browser's service worker alone: renews (`renewWebPushSubscription`) or removes
            (`removeWebPushSubscription`) this subscription, for 90 days or until the subscription is replaced or removed.
        expiration_time (datetime.datetime | Unset):
    """

    id: str
    endpoint: str
    vapid_key_id: str
    created_at: datetime.datetime
    subscription_token: str
    expiration_time: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        endpoint = self.endpoint

        vapid_key_id = self.vapid_key_id

        created_at = self.created_at.isoformat()

        subscription_token = self.subscription_token

        expiration_time: str | Unset = UNSET
        if not isinstance(self.expiration_time, Unset):
            expiration_time = self.expiration_time.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "endpoint": endpoint,
                "vapidKeyID": vapid_key_id,
                "createdAt": created_at,
                "subscriptionToken": subscription_token,
            }
        )
        if expiration_time is not UNSET:
            field_dict["expirationTime"] = expiration_time

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        endpoint = d.pop("endpoint")

        vapid_key_id = d.pop("vapidKeyID")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        subscription_token = d.pop("subscriptionToken")

        _expiration_time = d.pop("expirationTime", UNSET)
        expiration_time: datetime.datetime | Unset
        if isinstance(_expiration_time, Unset):
            expiration_time = UNSET
        else:
            expiration_time = datetime.datetime.fromisoformat(_expiration_time)

        subscribed_browser = cls(
            id=id,
            endpoint=endpoint,
            vapid_key_id=vapid_key_id,
            created_at=created_at,
            subscription_token=subscription_token,
            expiration_time=expiration_time,
        )

        subscribed_browser.additional_properties = d
        return subscribed_browser

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
