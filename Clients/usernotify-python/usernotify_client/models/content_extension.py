from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ContentExtension")


@_attrs_define
class ContentExtension:
    """
    Attributes:
        url (str):
        categories (list[str]):
        timeout (float | Unset):  Default: 5.0.
    """

    url: str
    categories: list[str]
    timeout: float | Unset = 5.0

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        categories = self.categories

        timeout = self.timeout

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
                "categories": categories,
            }
        )
        if timeout is not UNSET:
            field_dict["timeout"] = timeout

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        categories = cast(list[str], d.pop("categories"))

        timeout = d.pop("timeout", UNSET)

        content_extension = cls(
            url=url,
            categories=categories,
            timeout=timeout,
        )

        return content_extension
