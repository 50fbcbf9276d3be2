from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.authorization_status import (
    AuthorizationStatus,
    check_authorization_status,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.authorization_prompt import AuthorizationPrompt


T = TypeVar("T", bound="AuthorizationResult")


@_attrs_define
class AuthorizationResult:
    """
    Attributes:
        status (AuthorizationStatus):
        granted (bool | Unset): As the framework reports it: false when denied.
        prompt (AuthorizationPrompt | Unset):
    """

    status: AuthorizationStatus
    granted: bool | Unset = UNSET
    prompt: AuthorizationPrompt | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status: str = self.status

        granted = self.granted

        prompt: dict[str, Any] | Unset = UNSET
        if not isinstance(self.prompt, Unset):
            prompt = self.prompt.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
            }
        )
        if granted is not UNSET:
            field_dict["granted"] = granted
        if prompt is not UNSET:
            field_dict["prompt"] = prompt

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.authorization_prompt import AuthorizationPrompt

        d = dict(src_dict)
        status = check_authorization_status(d.pop("status"))

        granted = d.pop("granted", UNSET)

        _prompt = d.pop("prompt", UNSET)
        prompt: AuthorizationPrompt | Unset
        if isinstance(_prompt, Unset):
            prompt = UNSET
        else:
            prompt = AuthorizationPrompt.from_dict(_prompt)

        authorization_result = cls(
            status=status,
            granted=granted,
            prompt=prompt,
        )

        authorization_result.additional_properties = d
        return authorization_result

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
