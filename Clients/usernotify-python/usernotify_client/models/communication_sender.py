from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CommunicationSender")


@_attrs_define
class CommunicationSender:
    """
    Attributes:
        handle (str): INPersonHandle: an e-mail address, a phone number, or the app's own account id.
        display_name (str | Unset):
        image_url (str | Unset): The sender's avatar.
    """

    handle: str
    display_name: str | Unset = UNSET
    image_url: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        handle = self.handle

        display_name = self.display_name

        image_url = self.image_url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "handle": handle,
            }
        )
        if display_name is not UNSET:
            field_dict["displayName"] = display_name
        if image_url is not UNSET:
            field_dict["imageURL"] = image_url

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        handle = d.pop("handle")

        display_name = d.pop("displayName", UNSET)

        image_url = d.pop("imageURL", UNSET)

        communication_sender = cls(
            handle=handle,
            display_name=display_name,
            image_url=image_url,
        )

        return communication_sender
