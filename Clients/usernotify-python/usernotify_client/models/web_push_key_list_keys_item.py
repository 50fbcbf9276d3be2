from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="WebPushKeyListKeysItem")


@_attrs_define
class WebPushKeyListKeysItem:
    """
    Attributes:
        id (str):
        public_key (str):
        primary (bool): New subscriptions use it; the others sign for the subscriptions made with them.
        created_at (datetime.datetime):
    """

    id: str
    public_key: str
    primary: bool
    created_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        public_key = self.public_key

        primary = self.primary

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "publicKey": public_key,
                "primary": primary,
                "createdAt": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        public_key = d.pop("publicKey")

        primary = d.pop("primary")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        web_push_key_list_keys_item = cls(
            id=id,
            public_key=public_key,
            primary=primary,
            created_at=created_at,
        )

        web_push_key_list_keys_item.additional_properties = d
        return web_push_key_list_keys_item

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
