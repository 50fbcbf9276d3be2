from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.authorization_policy import (
    AuthorizationPolicy,
    check_authorization_policy,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="CreateApp")


@_attrs_define
class CreateApp:
    """
    Attributes:
        name (str):
        authorization_policy (AuthorizationPolicy | Unset): prompt asks the user (the framework's way); grant and deny
            decide at once.
    """

    name: str
    authorization_policy: AuthorizationPolicy | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        authorization_policy: str | Unset = UNSET
        if not isinstance(self.authorization_policy, Unset):
            authorization_policy = self.authorization_policy

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if authorization_policy is not UNSET:
            field_dict["authorizationPolicy"] = authorization_policy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        _authorization_policy = d.pop("authorizationPolicy", UNSET)
        authorization_policy: AuthorizationPolicy | Unset
        if isinstance(_authorization_policy, Unset):
            authorization_policy = UNSET
        else:
            authorization_policy = check_authorization_policy(_authorization_policy)

        create_app = cls(
            name=name,
            authorization_policy=authorization_policy,
        )

        return create_app
