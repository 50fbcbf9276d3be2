from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.broadcast_audience import BroadcastAudience
    from ..models.notification_request import NotificationRequest


T = TypeVar("T", bound="NewBroadcast")


@_attrs_define
class NewBroadcast:
    """
    Attributes:
        request (NotificationRequest):
        audience (BroadcastAudience): Exactly one of `topic`, `centers` and `all`.
    """

    request: NotificationRequest
    audience: BroadcastAudience

    def to_dict(self) -> dict[str, Any]:
        request = self.request.to_dict()

        audience = self.audience.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "request": request,
                "audience": audience,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.broadcast_audience import BroadcastAudience
        from ..models.notification_request import NotificationRequest

        d = dict(src_dict)
        request = NotificationRequest.from_dict(d.pop("request"))

        audience = BroadcastAudience.from_dict(d.pop("audience"))

        new_broadcast = cls(
            request=request,
            audience=audience,
        )

        return new_broadcast
