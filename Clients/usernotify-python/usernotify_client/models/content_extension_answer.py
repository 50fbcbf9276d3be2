from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.content_extension_answer_option import (
    ContentExtensionAnswerOption,
    check_content_extension_answer_option,
)

T = TypeVar("T", bound="ContentExtensionAnswer")


@_attrs_define
class ContentExtensionAnswer:
    """
    Attributes:
        option (ContentExtensionAnswerOption):
    """

    option: ContentExtensionAnswerOption
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        option: str = self.option

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "option": option,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        option = check_content_extension_answer_option(d.pop("option"))

        content_extension_answer = cls(
            option=option,
        )

        content_extension_answer.additional_properties = d
        return content_extension_answer

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
