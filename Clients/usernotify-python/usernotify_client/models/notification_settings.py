from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.authorization_status import (
    AuthorizationStatus,
    check_authorization_status,
)
from ..models.notification_setting import (
    NotificationSetting,
    check_notification_setting,
)
from ..models.notification_settings_alert_style import (
    NotificationSettingsAlertStyle,
    check_notification_settings_alert_style,
)
from ..models.notification_settings_show_previews_setting import (
    NotificationSettingsShowPreviewsSetting,
    check_notification_settings_show_previews_setting,
)

T = TypeVar("T", bound="NotificationSettings")


@_attrs_define
class NotificationSettings:
    """UNNotificationSettings, every property.

    Attributes:
        authorization_status (AuthorizationStatus):
        sound_setting (NotificationSetting):
        badge_setting (NotificationSetting):
        alert_setting (NotificationSetting):
        notification_center_setting (NotificationSetting):
        lock_screen_setting (NotificationSetting):
        car_play_setting (NotificationSetting):
        alert_style (NotificationSettingsAlertStyle):
        show_previews_setting (NotificationSettingsShowPreviewsSetting):
        critical_alert_setting (NotificationSetting):
        provides_app_notification_settings (bool):
        announcement_setting (NotificationSetting):
        time_sensitive_setting (NotificationSetting):
        scheduled_delivery_setting (NotificationSetting):
        direct_messages_setting (NotificationSetting):
    """

    authorization_status: AuthorizationStatus
    sound_setting: NotificationSetting
    badge_setting: NotificationSetting
    alert_setting: NotificationSetting
    notification_center_setting: NotificationSetting
    lock_screen_setting: NotificationSetting
    car_play_setting: NotificationSetting
    alert_style: NotificationSettingsAlertStyle
    show_previews_setting: NotificationSettingsShowPreviewsSetting
    critical_alert_setting: NotificationSetting
    provides_app_notification_settings: bool
    announcement_setting: NotificationSetting
    time_sensitive_setting: NotificationSetting
    scheduled_delivery_setting: NotificationSetting
    direct_messages_setting: NotificationSetting
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        authorization_status: str = self.authorization_status

        sound_setting: str = self.sound_setting

        badge_setting: str = self.badge_setting

        alert_setting: str = self.alert_setting

        notification_center_setting: str = self.notification_center_setting

        lock_screen_setting: str = self.lock_screen_setting

        car_play_setting: str = self.car_play_setting

        alert_style: str = self.alert_style

        show_previews_setting: str = self.show_previews_setting

        critical_alert_setting: str = self.critical_alert_setting

        provides_app_notification_settings = self.provides_app_notification_settings

        announcement_setting: str = self.announcement_setting

        time_sensitive_setting: str = self.time_sensitive_setting

        scheduled_delivery_setting: str = self.scheduled_delivery_setting

        direct_messages_setting: str = self.direct_messages_setting

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "authorizationStatus": authorization_status,
                "soundSetting": sound_setting,
                "badgeSetting": badge_setting,
                "alertSetting": alert_setting,
                "notificationCenterSetting": notification_center_setting,
                "lockScreenSetting": lock_screen_setting,
                "carPlaySetting": car_play_setting,
                "alertStyle": alert_style,
                "showPreviewsSetting": show_previews_setting,
                "criticalAlertSetting": critical_alert_setting,
                "providesAppNotificationSettings": provides_app_notification_settings,
                "announcementSetting": announcement_setting,
                "timeSensitiveSetting": time_sensitive_setting,
                "scheduledDeliverySetting": scheduled_delivery_setting,
                "directMessagesSetting": direct_messages_setting,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        authorization_status = check_authorization_status(d.pop("authorizationStatus"))

        sound_setting = check_notification_setting(d.pop("soundSetting"))

        badge_setting = check_notification_setting(d.pop("badgeSetting"))

        alert_setting = check_notification_setting(d.pop("alertSetting"))

        notification_center_setting = check_notification_setting(
            d.pop("notificationCenterSetting")
        )

        lock_screen_setting = check_notification_setting(d.pop("lockScreenSetting"))

        car_play_setting = check_notification_setting(d.pop("carPlaySetting"))

        alert_style = check_notification_settings_alert_style(d.pop("alertStyle"))

        show_previews_setting = check_notification_settings_show_previews_setting(
            d.pop("showPreviewsSetting")
        )

        critical_alert_setting = check_notification_setting(
            d.pop("criticalAlertSetting")
        )

        provides_app_notification_settings = d.pop("providesAppNotificationSettings")

        announcement_setting = check_notification_setting(d.pop("announcementSetting"))

        time_sensitive_setting = check_notification_setting(
            d.pop("timeSensitiveSetting")
        )

        scheduled_delivery_setting = check_notification_setting(
            d.pop("scheduledDeliverySetting")
        )

        direct_messages_setting = check_notification_setting(
            d.pop("directMessagesSetting")
        )

        notification_settings = cls(
            authorization_status=authorization_status,
            sound_setting=sound_setting,
            badge_setting=badge_setting,
            alert_setting=alert_setting,
            notification_center_setting=notification_center_setting,
            lock_screen_setting=lock_screen_setting,
            car_play_setting=car_play_setting,
            alert_style=alert_style,
            show_previews_setting=show_previews_setting,
            critical_alert_setting=critical_alert_setting,
            provides_app_notification_settings=provides_app_notification_settings,
            announcement_setting=announcement_setting,
            time_sensitive_setting=time_sensitive_setting,
            scheduled_delivery_setting=scheduled_delivery_setting,
            direct_messages_setting=direct_messages_setting,
        )

        notification_settings.additional_properties = d
        return notification_settings

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
