from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.receipt_delivery_decision import (
    ReceiptDeliveryDecision,
    check_receipt_delivery_decision,
)
from ..models.receipt_delivery_response import (
    ReceiptDeliveryResponse,
    check_receipt_delivery_response,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.receipt_delivery_counts import ReceiptDeliveryCounts
    from ..models.receipt_device import ReceiptDevice
    from ..models.receipt_step import ReceiptStep


T = TypeVar("T", bound="ReceiptDelivery")


@_attrs_define
class ReceiptDelivery:
    """
    Attributes:
        delivered_at (datetime.datetime):
        reasons (list[str]): Why it was quiet (focus
        counts (ReceiptDeliveryCounts): How many of its devices are at each stage (`sent`, `displayed`, `failed`…).
        devices (list[ReceiptDevice]):
        timeline (list[ReceiptStep]): Every step in time order.
        scheduled_at (datetime.datetime | Unset): When the request was added (absent for a delivery that never was
            pending).
        decision (ReceiptDeliveryDecision | Unset): What the center's settings made of the firing: presented (a banner,
            the lock screen or a sound), quiet (to the list only, or not shown: Focus, provisional, alerts off…),
            notAuthorized (nothing delivered), held (for the Scheduled Summary).
        response (ReceiptDeliveryResponse | Unset):
        action (str | Unset): The category action the user chose (response action).
        responded_at (datetime.datetime | Unset):
        removed_at (datetime.datetime | Unset):
        replaced_at (datetime.datetime | Unset):
    """

    delivered_at: datetime.datetime
    reasons: list[str]
    counts: ReceiptDeliveryCounts
    devices: list[ReceiptDevice]
    timeline: list[ReceiptStep]
    scheduled_at: datetime.datetime | Unset = UNSET
    decision: ReceiptDeliveryDecision | Unset = UNSET
    response: ReceiptDeliveryResponse | Unset = UNSET
    action: str | Unset = UNSET
    responded_at: datetime.datetime | Unset = UNSET
    removed_at: datetime.datetime | Unset = UNSET
    replaced_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        delivered_at = self.delivered_at.isoformat()

        reasons = self.reasons

        counts = self.counts.to_dict()

        devices = []
        for devices_item_data in self.devices:
            devices_item = devices_item_data.to_dict()
            devices.append(devices_item)

        timeline = []
        for timeline_item_data in self.timeline:
            timeline_item = timeline_item_data.to_dict()
            timeline.append(timeline_item)

        scheduled_at: str | Unset = UNSET
        if not isinstance(self.scheduled_at, Unset):
            scheduled_at = self.scheduled_at.isoformat()

        decision: str | Unset = UNSET
        if not isinstance(self.decision, Unset):
            decision = self.decision

        response: str | Unset = UNSET
        if not isinstance(self.response, Unset):
            response = self.response

        action = self.action

        responded_at: str | Unset = UNSET
        if not isinstance(self.responded_at, Unset):
            responded_at = self.responded_at.isoformat()

        removed_at: str | Unset = UNSET
        if not isinstance(self.removed_at, Unset):
            removed_at = self.removed_at.isoformat()

        replaced_at: str | Unset = UNSET
        if not isinstance(self.replaced_at, Unset):
            replaced_at = self.replaced_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deliveredAt": delivered_at,
                "reasons": reasons,
                "counts": counts,
                "devices": devices,
                "timeline": timeline,
            }
        )
        if scheduled_at is not UNSET:
            field_dict["scheduledAt"] = scheduled_at
        if decision is not UNSET:
            field_dict["decision"] = decision
        if response is not UNSET:
            field_dict["response"] = response
        if action is not UNSET:
            field_dict["action"] = action
        if responded_at is not UNSET:
            field_dict["respondedAt"] = responded_at
        if removed_at is not UNSET:
            field_dict["removedAt"] = removed_at
        if replaced_at is not UNSET:
            field_dict["replacedAt"] = replaced_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.receipt_delivery_counts import ReceiptDeliveryCounts
        from ..models.receipt_device import ReceiptDevice
        from ..models.receipt_step import ReceiptStep

        d = dict(src_dict)
        delivered_at = datetime.datetime.fromisoformat(d.pop("deliveredAt"))

        reasons = cast(list[str], d.pop("reasons"))

        counts = ReceiptDeliveryCounts.from_dict(d.pop("counts"))

        devices = []
        _devices = d.pop("devices")
        for devices_item_data in _devices:
            devices_item = ReceiptDevice.from_dict(devices_item_data)

            devices.append(devices_item)

        timeline = []
        _timeline = d.pop("timeline")
        for timeline_item_data in _timeline:
            timeline_item = ReceiptStep.from_dict(timeline_item_data)

            timeline.append(timeline_item)

        _scheduled_at = d.pop("scheduledAt", UNSET)
        scheduled_at: datetime.datetime | Unset
        if isinstance(_scheduled_at, Unset):
            scheduled_at = UNSET
        else:
            scheduled_at = datetime.datetime.fromisoformat(_scheduled_at)

        _decision = d.pop("decision", UNSET)
        decision: ReceiptDeliveryDecision | Unset
        if isinstance(_decision, Unset):
            decision = UNSET
        else:
            decision = check_receipt_delivery_decision(_decision)

        _response = d.pop("response", UNSET)
        response: ReceiptDeliveryResponse | Unset
        if isinstance(_response, Unset):
            response = UNSET
        else:
            response = check_receipt_delivery_response(_response)

        action = d.pop("action", UNSET)

        _responded_at = d.pop("respondedAt", UNSET)
        responded_at: datetime.datetime | Unset
        if isinstance(_responded_at, Unset):
            responded_at = UNSET
        else:
            responded_at = datetime.datetime.fromisoformat(_responded_at)

        _removed_at = d.pop("removedAt", UNSET)
        removed_at: datetime.datetime | Unset
        if isinstance(_removed_at, Unset):
            removed_at = UNSET
        else:
            removed_at = datetime.datetime.fromisoformat(_removed_at)

        _replaced_at = d.pop("replacedAt", UNSET)
        replaced_at: datetime.datetime | Unset
        if isinstance(_replaced_at, Unset):
            replaced_at = UNSET
        else:
            replaced_at = datetime.datetime.fromisoformat(_replaced_at)

        receipt_delivery = cls(
            delivered_at=delivered_at,
            reasons=reasons,
            counts=counts,
            devices=devices,
            timeline=timeline,
            scheduled_at=scheduled_at,
            decision=decision,
            response=response,
            action=action,
            responded_at=responded_at,
            removed_at=removed_at,
            replaced_at=replaced_at,
        )

        receipt_delivery.additional_properties = d
        return receipt_delivery

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
