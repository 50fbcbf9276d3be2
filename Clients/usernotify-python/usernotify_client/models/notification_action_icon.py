from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="NotificationActionIcon")


@_attrs_define
class NotificationActionIcon:
    """
    Attributes:
        template_image_name (str | Unset):
        system_image_name (str | Unset):
    """

    template_image_name: str | Unset = UNSET
    system_image_name: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        template_image_name = self.template_image_name

        system_image_name = self.system_image_name

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if template_image_name is not UNSET:
            field_dict["templateImageName"] = template_image_name
        if system_image_name is not UNSET:
            field_dict["systemImageName"] = system_image_name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        template_image_name = d.pop("templateImageName", UNSET)

        system_image_name = d.pop("systemImageName", UNSET)

        notification_action_icon = cls(
            template_image_name=template_image_name,
            system_image_name=system_image_name,
        )

        return notification_action_icon
