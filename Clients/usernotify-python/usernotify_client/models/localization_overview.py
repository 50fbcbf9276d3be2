from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="LocalizationOverview")


@_attrs_define
class LocalizationOverview:
    """
    Attributes:
        locales (list[str]):
        default_locale (str | Unset):
    """

    locales: list[str]
    default_locale: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        locales = self.locales

        default_locale = self.default_locale

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "locales": locales,
            }
        )
        if default_locale is not UNSET:
            field_dict["defaultLocale"] = default_locale

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        locales = cast(list[str], d.pop("locales"))

        default_locale = d.pop("defaultLocale", UNSET)

        localization_overview = cls(
            locales=locales,
            default_locale=default_locale,
        )

        localization_overview.additional_properties = d
        return localization_overview

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
