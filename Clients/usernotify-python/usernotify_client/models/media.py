from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Media")


@_attrs_define
class Media:
    """
    Attributes:
        id (str): Attach it as `mediaID`.
        type_ (str): UTI, decided from the content: public.jpeg, public.png, com.compuserve.gif, public.heic,
            public.aiff-audio, com.microsoft.waveform-audio, public.mp3, public.mpeg-4-audio, public.mpeg,
            public.mpeg-2-video, public.mpeg-4, public.avi.
        content_type (str):
        size (int):
        sha256 (str):
        created_at (datetime.datetime):
        attached (bool): Attached at least once; it now goes with its last holder.
        holders (int): Pending requests and delivered notifications holding it.
    """

    id: str
    type_: str
    content_type: str
    size: int
    sha256: str
    created_at: datetime.datetime
    attached: bool
    holders: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_ = self.type_

        content_type = self.content_type

        size = self.size

        sha256 = self.sha256

        created_at = self.created_at.isoformat()

        attached = self.attached

        holders = self.holders

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "contentType": content_type,
                "size": size,
                "sha256": sha256,
                "createdAt": created_at,
                "attached": attached,
                "holders": holders,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        type_ = d.pop("type")

        content_type = d.pop("contentType")

        size = d.pop("size")

        sha256 = d.pop("sha256")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        attached = d.pop("attached")

        holders = d.pop("holders")

        media = cls(
            id=id,
            type_=type_,
            content_type=content_type,
            size=size,
            sha256=sha256,
            created_at=created_at,
            attached=attached,
            holders=holders,
        )

        media.additional_properties = d
        return media

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
