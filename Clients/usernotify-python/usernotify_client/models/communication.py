from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.communication_sender import CommunicationSender


T = TypeVar("T", bound="Communication")


@_attrs_define
class Communication:
    """A communication notification (`INSendMessageIntent`, `content.updating(from:)`): it breaks through a Scheduled
    Summary when `directMessagesSetting` is enabled, and through a Focus that allows its sender.

        Attributes:
            sender (CommunicationSender):
            conversation_identifier (str | Unset):
            group_name (str | Unset): The name of a group conversation (speakableGroupName).
    """

    sender: CommunicationSender
    conversation_identifier: str | Unset = UNSET
    group_name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        sender = self.sender.to_dict()

        conversation_identifier = self.conversation_identifier

        group_name = self.group_name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sender": sender,
            }
        )
        if conversation_identifier is not UNSET:
            field_dict["conversationIdentifier"] = conversation_identifier
        if group_name is not UNSET:
            field_dict["groupName"] = group_name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.communication_sender import CommunicationSender

        d = dict(src_dict)
        sender = CommunicationSender.from_dict(d.pop("sender"))

        conversation_identifier = d.pop("conversationIdentifier", UNSET)

        group_name = d.pop("groupName", UNSET)

        communication = cls(
            sender=sender,
            conversation_identifier=conversation_identifier,
            group_name=group_name,
        )

        return communication
