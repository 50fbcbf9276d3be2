from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.response_result_content_extension import (
    ResponseResultContentExtension,
    check_response_result_content_extension,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ResponseResult")


@_attrs_define
class ResponseResult:
    """
    Attributes:
        forwarded_to_delegate (bool): Sent to the app as notification.response (didReceive).
        removed (bool): Cleared from the delivered list, as iOS clears Notification Center on a tap, an action or
            dismiss; only a content extension's doNotDismiss keeps it.
        content_extension (ResponseResultContentExtension | Unset): What the category's content extension answered (no
            answer in time counts as dismissAndForwardAction).
    """

    forwarded_to_delegate: bool
    removed: bool
    content_extension: ResponseResultContentExtension | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        forwarded_to_delegate = self.forwarded_to_delegate

        removed = self.removed

        content_extension: str | Unset = UNSET
        if not isinstance(self.content_extension, Unset):
            content_extension = self.content_extension

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "forwardedToDelegate": forwarded_to_delegate,
                "removed": removed,
            }
        )
        if content_extension is not UNSET:
            field_dict["contentExtension"] = content_extension

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        forwarded_to_delegate = d.pop("forwardedToDelegate")

        removed = d.pop("removed")

        _content_extension = d.pop("contentExtension", UNSET)
        content_extension: ResponseResultContentExtension | Unset
        if isinstance(_content_extension, Unset):
            content_extension = UNSET
        else:
            content_extension = check_response_result_content_extension(
                _content_extension
            )

        response_result = cls(
            forwarded_to_delegate=forwarded_to_delegate,
            removed=removed,
            content_extension=content_extension,
        )

        response_result.additional_properties = d
        return response_result

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
