from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.push_subscription_removed_call_data_reason import (
    PushSubscriptionRemovedCallDataReason,
    check_push_subscription_removed_call_data_reason,
)

T = TypeVar("T", bound="PushSubscriptionRemovedCallData")


@_attrs_define
class PushSubscriptionRemovedCallData:
    """
    Attributes:
        center_id (str):
        subscription_id (str):
        endpoint (str): The push service's URL the subscription had.
        reason (PushSubscriptionRemovedCallDataReason): `gone`: its push service answered 404 or 410 (the user revoked
            the permission, or the browser ended it); `moved`: the browser subscribed for another center of the app (another
            user signed in).
    """

    center_id: str
    subscription_id: str
    endpoint: str
    reason: PushSubscriptionRemovedCallDataReason
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        center_id = self.center_id

        subscription_id = self.subscription_id

        endpoint = self.endpoint

        reason: str = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "centerID": center_id,
                "subscriptionID": subscription_id,
                "endpoint": endpoint,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        center_id = d.pop("centerID")

        subscription_id = d.pop("subscriptionID")

        endpoint = d.pop("endpoint")

        reason = check_push_subscription_removed_call_data_reason(d.pop("reason"))

        push_subscription_removed_call_data = cls(
            center_id=center_id,
            subscription_id=subscription_id,
            endpoint=endpoint,
            reason=reason,
        )

        push_subscription_removed_call_data.additional_properties = d
        return push_subscription_removed_call_data

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
