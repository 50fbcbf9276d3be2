from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.notification_settings import NotificationSettings


T = TypeVar("T", bound="SettingsEvent")


@_attrs_define
class SettingsEvent:
    """
    Attributes:
        center_id (str):
        settings (NotificationSettings): UNNotificationSettings, every property.
    """

    center_id: str
    settings: NotificationSettings
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        center_id = self.center_id

        settings = self.settings.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "centerID": center_id,
                "settings": settings,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.notification_settings import NotificationSettings

        d = dict(src_dict)
        center_id = d.pop("centerID")

        settings = NotificationSettings.from_dict(d.pop("settings"))

        settings_event = cls(
            center_id=center_id,
            settings=settings,
        )

        settings_event.additional_properties = d
        return settings_event

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
