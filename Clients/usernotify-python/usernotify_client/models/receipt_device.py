from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.receipt_device_confirmation import (
    ReceiptDeviceConfirmation,
    check_receipt_device_confirmation,
)
from ..models.receipt_device_kind import ReceiptDeviceKind, check_receipt_device_kind
from ..models.receipt_stage import ReceiptStage, check_receipt_stage
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReceiptDevice")


@_attrs_define
class ReceiptDevice:
    """
    Attributes:
        id (str): The browser's push subscription (wps_…) or the phone's registration (dev_…).
        stage (ReceiptStage): scheduled: the request was added; fired: it came due and the center decided; sent: the
            push service or provider accepted it for the device; failed, expired, unregistered (the device no longer reaches
            the app): it did not get there; displayed: the device confirmed showing it; opened, action, dismissed: what the
            user did; removed: it left the delivered list; replaced: a later delivery of the identifier replaced it.
        kind (ReceiptDeviceKind | Unset):
        sent_at (datetime.datetime | Unset):
        provider_message_id (str | Unset): The push service's or provider's id of the message: Web Push `Location`, APNs
            `apns-id`, FCM's message name.
        failed_at (datetime.datetime | Unset):
        error (str | Unset):
        displayed_at (datetime.datetime | Unset):
        responded_at (datetime.datetime | Unset):
        confirmation (ReceiptDeviceConfirmation | Unset): Once sent: whether the device confirmed the display (or
            answered the notification there); notConfirmed after 10 minutes without either.
    """

    id: str
    stage: ReceiptStage
    kind: ReceiptDeviceKind | Unset = UNSET
    sent_at: datetime.datetime | Unset = UNSET
    provider_message_id: str | Unset = UNSET
    failed_at: datetime.datetime | Unset = UNSET
    error: str | Unset = UNSET
    displayed_at: datetime.datetime | Unset = UNSET
    responded_at: datetime.datetime | Unset = UNSET
    confirmation: ReceiptDeviceConfirmation | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        stage: str = self.stage

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind

        sent_at: str | Unset = UNSET
        if not isinstance(self.sent_at, Unset):
            sent_at = self.sent_at.isoformat()

        provider_message_id = self.provider_message_id

        failed_at: str | Unset = UNSET
        if not isinstance(self.failed_at, Unset):
            failed_at = self.failed_at.isoformat()

        error = self.error

        displayed_at: str | Unset = UNSET
        if not isinstance(self.displayed_at, Unset):
            displayed_at = self.displayed_at.isoformat()

        responded_at: str | Unset = UNSET
        if not isinstance(self.responded_at, Unset):
            responded_at = self.responded_at.isoformat()

        confirmation: str | Unset = UNSET
        if not isinstance(self.confirmation, Unset):
            confirmation = self.confirmation

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "stage": stage,
            }
        )
        if kind is not UNSET:
            field_dict["kind"] = kind
        if sent_at is not UNSET:
            field_dict["sentAt"] = sent_at
        if provider_message_id is not UNSET:
            field_dict["providerMessageID"] = provider_message_id
        if failed_at is not UNSET:
            field_dict["failedAt"] = failed_at
        if error is not UNSET:
            field_dict["error"] = error
        if displayed_at is not UNSET:
            field_dict["displayedAt"] = displayed_at
        if responded_at is not UNSET:
            field_dict["respondedAt"] = responded_at
        if confirmation is not UNSET:
            field_dict["confirmation"] = confirmation

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        stage = check_receipt_stage(d.pop("stage"))

        _kind = d.pop("kind", UNSET)
        kind: ReceiptDeviceKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = check_receipt_device_kind(_kind)

        _sent_at = d.pop("sentAt", UNSET)
        sent_at: datetime.datetime | Unset
        if isinstance(_sent_at, Unset):
            sent_at = UNSET
        else:
            sent_at = datetime.datetime.fromisoformat(_sent_at)

        provider_message_id = d.pop("providerMessageID", UNSET)

        _failed_at = d.pop("failedAt", UNSET)
        failed_at: datetime.datetime | Unset
        if isinstance(_failed_at, Unset):
            failed_at = UNSET
        else:
            failed_at = datetime.datetime.fromisoformat(_failed_at)

        error = d.pop("error", UNSET)

        _displayed_at = d.pop("displayedAt", UNSET)
        displayed_at: datetime.datetime | Unset
        if isinstance(_displayed_at, Unset):
            displayed_at = UNSET
        else:
            displayed_at = datetime.datetime.fromisoformat(_displayed_at)

        _responded_at = d.pop("respondedAt", UNSET)
        responded_at: datetime.datetime | Unset
        if isinstance(_responded_at, Unset):
            responded_at = UNSET
        else:
            responded_at = datetime.datetime.fromisoformat(_responded_at)

        _confirmation = d.pop("confirmation", UNSET)
        confirmation: ReceiptDeviceConfirmation | Unset
        if isinstance(_confirmation, Unset):
            confirmation = UNSET
        else:
            confirmation = check_receipt_device_confirmation(_confirmation)

        receipt_device = cls(
            id=id,
            stage=stage,
            kind=kind,
            sent_at=sent_at,
            provider_message_id=provider_message_id,
            failed_at=failed_at,
            error=error,
            displayed_at=displayed_at,
            responded_at=responded_at,
            confirmation=confirmation,
        )

        receipt_device.additional_properties = d
        return receipt_device

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
