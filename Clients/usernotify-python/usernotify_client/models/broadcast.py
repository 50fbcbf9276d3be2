from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.broadcast_status import BroadcastStatus, check_broadcast_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.broadcast_audience import BroadcastAudience
    from ..models.broadcast_counts import BroadcastCounts
    from ..models.notification_request import NotificationRequest


T = TypeVar("T", bound="Broadcast")


@_attrs_define
class Broadcast:
    """
    Attributes:
        id (str):
        request (NotificationRequest):
        audience (BroadcastAudience): Exactly one of `topic`, `centers` and `all`.
        status (BroadcastStatus): scheduled: no member's firing came yet; firing: some came, others (in later zones) are
            to come; completed: its date came in every zone there is (a center that joins, or moves, in a zone no member had
            is fired at its own date until then); canceled; replaced by a later broadcast with the same identifier.
        created_at (datetime.datetime):
        counts (BroadcastCounts):
        next_fire_date (datetime.datetime | Unset): When the next members' firing comes (the earliest zone's); absent
            once none is to come.
        completed_at (datetime.datetime | Unset): When it completed
    """

    id: str
    request: NotificationRequest
    audience: BroadcastAudience
    status: BroadcastStatus
    created_at: datetime.datetime
    counts: BroadcastCounts
    next_fire_date: datetime.datetime | Unset = UNSET
    completed_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        request = self.request.to_dict()

        audience = self.audience.to_dict()

        status: str = self.status

        created_at = self.created_at.isoformat()

        counts = self.counts.to_dict()

        next_fire_date: str | Unset = UNSET
        if not isinstance(self.next_fire_date, Unset):
            next_fire_date = self.next_fire_date.isoformat()

        completed_at: str | Unset = UNSET
        if not isinstance(self.completed_at, Unset):
            completed_at = self.completed_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "request": request,
                "audience": audience,
                "status": status,
                "createdAt": created_at,
                "counts": counts,
            }
        )
        if next_fire_date is not UNSET:
            field_dict["nextFireDate"] = next_fire_date
        if completed_at is not UNSET:
            field_dict["completedAt"] = completed_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.broadcast_audience import BroadcastAudience
        from ..models.broadcast_counts import BroadcastCounts
        from ..models.notification_request import NotificationRequest

        d = dict(src_dict)
        id = d.pop("id")

        request = NotificationRequest.from_dict(d.pop("request"))

        audience = BroadcastAudience.from_dict(d.pop("audience"))

        status = check_broadcast_status(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        counts = BroadcastCounts.from_dict(d.pop("counts"))

        _next_fire_date = d.pop("nextFireDate", UNSET)
        next_fire_date: datetime.datetime | Unset
        if isinstance(_next_fire_date, Unset):
            next_fire_date = UNSET
        else:
            next_fire_date = datetime.datetime.fromisoformat(_next_fire_date)

        _completed_at = d.pop("completedAt", UNSET)
        completed_at: datetime.datetime | Unset
        if isinstance(_completed_at, Unset):
            completed_at = UNSET
        else:
            completed_at = datetime.datetime.fromisoformat(_completed_at)

        broadcast = cls(
            id=id,
            request=request,
            audience=audience,
            status=status,
            created_at=created_at,
            counts=counts,
            next_fire_date=next_fire_date,
            completed_at=completed_at,
        )

        broadcast.additional_properties = d
        return broadcast

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
