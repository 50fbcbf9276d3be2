from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.push_subscription_request import PushSubscriptionRequest


T = TypeVar("T", bound="WebPushRenewal")


@_attrs_define
class WebPushRenewal:
    """
    Attributes:
        token (str): The worker's `subscriptionToken`.
        subscription (PushSubscriptionRequest): `PushSubscription.toJSON()`.
    """

    token: str
    subscription: PushSubscriptionRequest

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        subscription = self.subscription.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "token": token,
                "subscription": subscription,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.push_subscription_request import PushSubscriptionRequest

        d = dict(src_dict)
        token = d.pop("token")

        subscription = PushSubscriptionRequest.from_dict(d.pop("subscription"))

        web_push_renewal = cls(
            token=token,
            subscription=subscription,
        )

        return web_push_renewal
