from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PromptAnswer")


@_attrs_define
class PromptAnswer:
    """
    Attributes:
        allowed (bool):
    """

    allowed: bool

    def to_dict(self) -> dict[str, Any]:
        allowed = self.allowed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "allowed": allowed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        allowed = d.pop("allowed")

        prompt_answer = cls(
            allowed=allowed,
        )

        return prompt_answer
