from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DefaultLocale")


@_attrs_define
class DefaultLocale:
    """
    Attributes:
        default_locale (str): A language tag such as en, de-CH or pt_BR. Example: de-CH.
    """

    default_locale: str

    def to_dict(self) -> dict[str, Any]:
        default_locale = self.default_locale

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "defaultLocale": default_locale,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        default_locale = d.pop("defaultLocale")

        default_locale = cls(
            default_locale=default_locale,
        )

        return default_locale
