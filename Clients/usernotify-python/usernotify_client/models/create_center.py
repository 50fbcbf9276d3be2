from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateCenter")


@_attrs_define
class CreateCenter:
    """
    Attributes:
        id (str | Unset):
        time_zone (str | Unset): An IANA time zone name such as Europe/Berlin or America/New_York
            (`TimeZone(identifier:)`); others are refused with `invalidTimeZone` (422). Example: Europe/Berlin.
        locale (str | Unset): A language tag such as en, de-CH or pt_BR. Example: de-CH.
    """

    id: str | Unset = UNSET
    time_zone: str | Unset = UNSET
    locale: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        time_zone = self.time_zone

        locale = self.locale

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if time_zone is not UNSET:
            field_dict["timeZone"] = time_zone
        if locale is not UNSET:
            field_dict["locale"] = locale

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id", UNSET)

        time_zone = d.pop("timeZone", UNSET)

        locale = d.pop("locale", UNSET)

        create_center = cls(
            id=id,
            time_zone=time_zone,
            locale=locale,
        )

        return create_center
