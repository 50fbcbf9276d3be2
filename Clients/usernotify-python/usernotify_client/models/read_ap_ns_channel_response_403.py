from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.error_code import ErrorCode, check_error_code
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReadApNsChannelResponse403")


@_attrs_define
class ReadApNsChannelResponse403:
    """
    Attributes:
        type_ (str):
        title (str):
        status (int):
        detail (str):
        code (ErrorCode | str): Stable and machine-readable; switch on it. One of `ErrorCode`, or a code newer than the
            client.
        reason (str):
        timestamp (int | Unset): ms since the epoch when the token stopped being valid (410 only).
    """

    type_: str
    title: str
    status: int
    detail: str
    code: ErrorCode | str
    reason: str
    timestamp: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        code: str
        if isinstance(self.code, str):
            code = self.code
        else:
            code = self.code

        reason = self.reason

        timestamp = self.timestamp

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
                "code": code,
                "reason": reason,
            }
        )
        if timestamp is not UNSET:
            field_dict["timestamp"] = timestamp

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        def _parse_code(data: object) -> ErrorCode | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                code_type_0 = check_error_code(data)

                return code_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ErrorCode | str, data)

        code = _parse_code(d.pop("code"))

        reason = d.pop("reason")

        timestamp = d.pop("timestamp", UNSET)

        read_ap_ns_channel_response_403 = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            code=code,
            reason=reason,
            timestamp=timestamp,
        )

        read_ap_ns_channel_response_403.additional_properties = d
        return read_ap_ns_channel_response_403

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
