from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.ap_ns_channel_message_storage_policy import (
    APNsChannelMessageStoragePolicy,
    check_ap_ns_channel_message_storage_policy,
)
from ..models.ap_ns_channel_push_type import (
    APNsChannelPushType,
    check_ap_ns_channel_push_type,
)

T = TypeVar("T", bound="APNsChannel")


@_attrs_define
class APNsChannel:
    """
    Attributes:
        message_storage_policy (APNsChannelMessageStoragePolicy): 0, no message stored; 1, the most recent message
            stored for a device that is offline.
        push_type (APNsChannelPushType):
    """

    message_storage_policy: APNsChannelMessageStoragePolicy
    push_type: APNsChannelPushType

    def to_dict(self) -> dict[str, Any]:
        message_storage_policy: int = self.message_storage_policy

        push_type: str = self.push_type

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "message-storage-policy": message_storage_policy,
                "push-type": push_type,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        message_storage_policy = check_ap_ns_channel_message_storage_policy(
            d.pop("message-storage-policy")
        )

        push_type = check_ap_ns_channel_push_type(d.pop("push-type"))

        ap_ns_channel = cls(
            message_storage_policy=message_storage_policy,
            push_type=push_type,
        )

        return ap_ns_channel
