from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.receipt_stage import ReceiptStage, check_receipt_stage
from ..models.receipt_step_kind import ReceiptStepKind, check_receipt_step_kind
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReceiptStep")


@_attrs_define
class ReceiptStep:
    """
    Attributes:
        stage (ReceiptStage): scheduled: the request was added; fired: it came due and the center decided; sent: the
            push service or provider accepted it for the device; failed, expired, unregistered (the device no longer reaches
            the app): it did not get there; displayed: the device confirmed showing it; opened, action, dismissed: what the
            user did; removed: it left the delivered list; replaced: a later delivery of the identifier replaced it.
        at (datetime.datetime):
        device (str | Unset):
        kind (ReceiptStepKind | Unset):
        detail (str | Unset): fired: the decision (and reasons); sent: the message id; failed: why; action: the action's
            identifier.
    """

    stage: ReceiptStage
    at: datetime.datetime
    device: str | Unset = UNSET
    kind: ReceiptStepKind | Unset = UNSET
    detail: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        stage: str = self.stage

        at = self.at.isoformat()

        device = self.device

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind

        detail = self.detail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "stage": stage,
                "at": at,
            }
        )
        if device is not UNSET:
            field_dict["device"] = device
        if kind is not UNSET:
            field_dict["kind"] = kind
        if detail is not UNSET:
            field_dict["detail"] = detail

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        stage = check_receipt_stage(d.pop("stage"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        device = d.pop("device", UNSET)

        _kind = d.pop("kind", UNSET)
        kind: ReceiptStepKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = check_receipt_step_kind(_kind)

        detail = d.pop("detail", UNSET)

        receipt_step = cls(
            stage=stage,
            at=at,
            device=device,
            kind=kind,
            detail=detail,
        )

        receipt_step.additional_properties = d
        return receipt_step

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
