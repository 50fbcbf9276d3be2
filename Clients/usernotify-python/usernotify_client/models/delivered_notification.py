from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.presentation import Presentation
    from ..models.stored_request import StoredRequest


T = TypeVar("T", bound="DeliveredNotification")


@_attrs_define
class DeliveredNotification:
    """
    Attributes:
        date (datetime.datetime):
        request (StoredRequest):
        presentation (Presentation):
    """

    date: datetime.datetime
    request: StoredRequest
    presentation: Presentation
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        date = self.date.isoformat()

        request = self.request.to_dict()

        presentation = self.presentation.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "date": date,
                "request": request,
                "presentation": presentation,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.presentation import Presentation
        from ..models.stored_request import StoredRequest

        d = dict(src_dict)
        date = datetime.datetime.fromisoformat(d.pop("date"))

        request = StoredRequest.from_dict(d.pop("request"))

        presentation = Presentation.from_dict(d.pop("presentation"))

        delivered_notification = cls(
            date=date,
            request=request,
            presentation=presentation,
        )

        delivered_notification.additional_properties = d
        return delivered_notification

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
