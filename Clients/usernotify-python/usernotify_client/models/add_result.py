from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.delivered_notification import DeliveredNotification
    from ..models.pending_request import PendingRequest


T = TypeVar("T", bound="AddResult")


@_attrs_define
class AddResult:
    """A scheduled request: `request` and `replaced`. A request without a trigger: `delivered`, as it was delivered at
    once.

        Attributes:
            request (PendingRequest | Unset):
            replaced (bool | Unset):
            delivered (DeliveredNotification | Unset):
    """

    request: PendingRequest | Unset = UNSET
    replaced: bool | Unset = UNSET
    delivered: DeliveredNotification | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        request: dict[str, Any] | Unset = UNSET
        if not isinstance(self.request, Unset):
            request = self.request.to_dict()

        replaced = self.replaced

        delivered: dict[str, Any] | Unset = UNSET
        if not isinstance(self.delivered, Unset):
            delivered = self.delivered.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if request is not UNSET:
            field_dict["request"] = request
        if replaced is not UNSET:
            field_dict["replaced"] = replaced
        if delivered is not UNSET:
            field_dict["delivered"] = delivered

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.delivered_notification import DeliveredNotification
        from ..models.pending_request import PendingRequest

        d = dict(src_dict)
        _request = d.pop("request", UNSET)
        request: PendingRequest | Unset
        if isinstance(_request, Unset):
            request = UNSET
        else:
            request = PendingRequest.from_dict(_request)

        replaced = d.pop("replaced", UNSET)

        _delivered = d.pop("delivered", UNSET)
        delivered: DeliveredNotification | Unset
        if isinstance(_delivered, Unset):
            delivered = UNSET
        else:
            delivered = DeliveredNotification.from_dict(_delivered)

        add_result = cls(
            request=request,
            replaced=replaced,
            delivered=delivered,
        )

        add_result.additional_properties = d
        return add_result

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
