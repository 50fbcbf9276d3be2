from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.center import Center


T = TypeVar("T", bound="CreatedCenter")


@_attrs_define
class CreatedCenter:
    """
    Attributes:
        center (Center): A center. Its `state` in the app's view has no `focus`, `scheduledFocuses` or `summaryTimes`
            (an app learns only `isFocused`); in the user's own view (getMe) it has them.
        token (str): The user's center token; shown once.
    """

    center: Center
    token: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        center = self.center.to_dict()

        token = self.token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "center": center,
                "token": token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.center import Center

        d = dict(src_dict)
        center = Center.from_dict(d.pop("center"))

        token = d.pop("token")

        created_center = cls(
            center=center,
            token=token,
        )

        created_center.additional_properties = d
        return created_center

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
