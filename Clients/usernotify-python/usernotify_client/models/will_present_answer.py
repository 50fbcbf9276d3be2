from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.will_present_answer_options_item import (
    WillPresentAnswerOptionsItem,
    check_will_present_answer_options_item,
)

T = TypeVar("T", bound="WillPresentAnswer")


@_attrs_define
class WillPresentAnswer:
    """
    Attributes:
        options (list[WillPresentAnswerOptionsItem]):
    """

    options: list[WillPresentAnswerOptionsItem]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        options = []
        for options_item_data in self.options:
            options_item: str = options_item_data
            options.append(options_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "options": options,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        options = []
        _options = d.pop("options")
        for options_item_data in _options:
            options_item = check_will_present_answer_options_item(options_item_data)

            options.append(options_item)

        will_present_answer = cls(
            options=options,
        )

        will_present_answer.additional_properties = d
        return will_present_answer

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
