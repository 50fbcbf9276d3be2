from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.endpoint_state_reason import (
    EndpointStateReason,
    check_endpoint_state_reason,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="EndpointState")


@_attrs_define
class EndpointState:
    """
    Attributes:
        url (str):
        disabled (bool):
        reason (EndpointStateReason | Unset): Why it is disabled: a 410, or every attempt failing for the configured
            time (5 days by default).
        failing_since (datetime.datetime | Unset): The first failure of its current streak; an answer ends the streak.
        disabled_at (datetime.datetime | Unset):
    """

    url: str
    disabled: bool
    reason: EndpointStateReason | Unset = UNSET
    failing_since: datetime.datetime | Unset = UNSET
    disabled_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        disabled = self.disabled

        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason

        failing_since: str | Unset = UNSET
        if not isinstance(self.failing_since, Unset):
            failing_since = self.failing_since.isoformat()

        disabled_at: str | Unset = UNSET
        if not isinstance(self.disabled_at, Unset):
            disabled_at = self.disabled_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "url": url,
                "disabled": disabled,
            }
        )
        if reason is not UNSET:
            field_dict["reason"] = reason
        if failing_since is not UNSET:
            field_dict["failingSince"] = failing_since
        if disabled_at is not UNSET:
            field_dict["disabledAt"] = disabled_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        disabled = d.pop("disabled")

        _reason = d.pop("reason", UNSET)
        reason: EndpointStateReason | Unset
        if isinstance(_reason, Unset):
            reason = UNSET
        else:
            reason = check_endpoint_state_reason(_reason)

        _failing_since = d.pop("failingSince", UNSET)
        failing_since: datetime.datetime | Unset
        if isinstance(_failing_since, Unset):
            failing_since = UNSET
        else:
            failing_since = datetime.datetime.fromisoformat(_failing_since)

        _disabled_at = d.pop("disabledAt", UNSET)
        disabled_at: datetime.datetime | Unset
        if isinstance(_disabled_at, Unset):
            disabled_at = UNSET
        else:
            disabled_at = datetime.datetime.fromisoformat(_disabled_at)

        endpoint_state = cls(
            url=url,
            disabled=disabled,
            reason=reason,
            failing_since=failing_since,
            disabled_at=disabled_at,
        )

        endpoint_state.additional_properties = d
        return endpoint_state

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
