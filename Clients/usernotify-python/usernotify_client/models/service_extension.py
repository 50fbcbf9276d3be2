from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ServiceExtension")


@_attrs_define
class ServiceExtension:
    """
    Attributes:
        url (str):
        timeout (float | Unset): Past it the original content is delivered. Default: 30.0.
    """

    url: str
    timeout: float | Unset = 30.0

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        timeout = self.timeout

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if timeout is not UNSET:
            field_dict["timeout"] = timeout

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url")

        timeout = d.pop("timeout", UNSET)

        service_extension = cls(
            url=url,
            timeout=timeout,
        )

        return service_extension
