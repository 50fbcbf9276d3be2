from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.notification_settings_change_alert_setting import (
    NotificationSettingsChangeAlertSetting,
    check_notification_settings_change_alert_setting,
)
from ..models.notification_settings_change_alert_style import (
    NotificationSettingsChangeAlertStyle,
    check_notification_settings_change_alert_style,
)
from ..models.notification_settings_change_announcement_setting import (
    NotificationSettingsChangeAnnouncementSetting,
    check_notification_settings_change_announcement_setting,
)
from ..models.notification_settings_change_authorization_status import (
    NotificationSettingsChangeAuthorizationStatus,
    check_notification_settings_change_authorization_status,
)
from ..models.notification_settings_change_badge_setting import (
    NotificationSettingsChangeBadgeSetting,
    check_notification_settings_change_badge_setting,
)
from ..models.notification_settings_change_car_play_setting import (
    NotificationSettingsChangeCarPlaySetting,
    check_notification_settings_change_car_play_setting,
)
from ..models.notification_settings_change_critical_alert_setting import (
    NotificationSettingsChangeCriticalAlertSetting,
    check_notification_settings_change_critical_alert_setting,
)
from ..models.notification_settings_change_direct_messages_setting import (
    NotificationSettingsChangeDirectMessagesSetting,
    check_notification_settings_change_direct_messages_setting,
)
from ..models.notification_settings_change_lock_screen_setting import (
    NotificationSettingsChangeLockScreenSetting,
    check_notification_settings_change_lock_screen_setting,
)
from ..models.notification_settings_change_notification_center_setting import (
    NotificationSettingsChangeNotificationCenterSetting,
    check_notification_settings_change_notification_center_setting,
)
from ..models.notification_settings_change_scheduled_delivery_setting import (
    NotificationSettingsChangeScheduledDeliverySetting,
    check_notification_settings_change_scheduled_delivery_setting,
)
from ..models.notification_settings_change_show_previews_setting import (
    NotificationSettingsChangeShowPreviewsSetting,
    check_notification_settings_change_show_previews_setting,
)
from ..models.notification_settings_change_sound_setting import (
    NotificationSettingsChangeSoundSetting,
    check_notification_settings_change_sound_setting,
)
from ..models.notification_settings_change_time_sensitive_setting import (
    NotificationSettingsChangeTimeSensitiveSetting,
    check_notification_settings_change_time_sensitive_setting,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="NotificationSettingsChange")


@_attrs_define
class NotificationSettingsChange:
    """
    Attributes:
        authorization_status (NotificationSettingsChangeAuthorizationStatus | Unset):
        sound_setting (NotificationSettingsChangeSoundSetting | Unset):
        badge_setting (NotificationSettingsChangeBadgeSetting | Unset):
        alert_setting (NotificationSettingsChangeAlertSetting | Unset):
        notification_center_setting (NotificationSettingsChangeNotificationCenterSetting | Unset):
        lock_screen_setting (NotificationSettingsChangeLockScreenSetting | Unset):
        car_play_setting (NotificationSettingsChangeCarPlaySetting | Unset):
        alert_style (NotificationSettingsChangeAlertStyle | Unset):
        show_previews_setting (NotificationSettingsChangeShowPreviewsSetting | Unset):
        critical_alert_setting (NotificationSettingsChangeCriticalAlertSetting | Unset):
        announcement_setting (NotificationSettingsChangeAnnouncementSetting | Unset):
        time_sensitive_setting (NotificationSettingsChangeTimeSensitiveSetting | Unset):
        scheduled_delivery_setting (NotificationSettingsChangeScheduledDeliverySetting | Unset):
        direct_messages_setting (NotificationSettingsChangeDirectMessagesSetting | Unset):
    """

    authorization_status: NotificationSettingsChangeAuthorizationStatus | Unset = UNSET
    sound_setting: NotificationSettingsChangeSoundSetting | Unset = UNSET
    badge_setting: NotificationSettingsChangeBadgeSetting | Unset = UNSET
    alert_setting: NotificationSettingsChangeAlertSetting | Unset = UNSET
    notification_center_setting: (
        NotificationSettingsChangeNotificationCenterSetting | Unset
    ) = UNSET
    lock_screen_setting: NotificationSettingsChangeLockScreenSetting | Unset = UNSET
    car_play_setting: NotificationSettingsChangeCarPlaySetting | Unset = UNSET
    alert_style: NotificationSettingsChangeAlertStyle | Unset = UNSET
    show_previews_setting: NotificationSettingsChangeShowPreviewsSetting | Unset = UNSET
    critical_alert_setting: NotificationSettingsChangeCriticalAlertSetting | Unset = (
        UNSET
    )
    announcement_setting: NotificationSettingsChangeAnnouncementSetting | Unset = UNSET
    time_sensitive_setting: NotificationSettingsChangeTimeSensitiveSetting | Unset = (
        UNSET
    )
    scheduled_delivery_setting: (
        NotificationSettingsChangeScheduledDeliverySetting | Unset
    ) = UNSET
    direct_messages_setting: NotificationSettingsChangeDirectMessagesSetting | Unset = (
        UNSET
    )

    def to_dict(self) -> dict[str, Any]:
        authorization_status: str | Unset = UNSET
        if not isinstance(self.authorization_status, Unset):
            authorization_status = self.authorization_status

        sound_setting: str | Unset = UNSET
        if not isinstance(self.sound_setting, Unset):
            sound_setting = self.sound_setting

        badge_setting: str | Unset = UNSET
        if not isinstance(self.badge_setting, Unset):
            badge_setting = self.badge_setting

        alert_setting: str | Unset = UNSET
        if not isinstance(self.alert_setting, Unset):
            alert_setting = self.alert_setting

        notification_center_setting: str | Unset = UNSET
        if not isinstance(self.notification_center_setting, Unset):
            notification_center_setting = self.notification_center_setting

        lock_screen_setting: str | Unset = UNSET
        if not isinstance(self.lock_screen_setting, Unset):
            lock_screen_setting = self.lock_screen_setting

        car_play_setting: str | Unset = UNSET
        if not isinstance(self.car_play_setting, Unset):
            car_play_setting = self.car_play_setting

        alert_style: str | Unset = UNSET
        if not isinstance(self.alert_style, Unset):
            alert_style = self.alert_style

        show_previews_setting: str | Unset = UNSET
        if not isinstance(self.show_previews_setting, Unset):
            show_previews_setting = self.show_previews_setting

        critical_alert_setting: str | Unset = UNSET
        if not isinstance(self.critical_alert_setting, Unset):
            critical_alert_setting = self.critical_alert_setting

        announcement_setting: str | Unset = UNSET
        if not isinstance(self.announcement_setting, Unset):
            announcement_setting = self.announcement_setting

        time_sensitive_setting: str | Unset = UNSET
        if not isinstance(self.time_sensitive_setting, Unset):
            time_sensitive_setting = self.time_sensitive_setting

        scheduled_delivery_setting: str | Unset = UNSET
        if not isinstance(self.scheduled_delivery_setting, Unset):
            scheduled_delivery_setting = self.scheduled_delivery_setting

        direct_messages_setting: str | Unset = UNSET
        if not isinstance(self.direct_messages_setting, Unset):
            direct_messages_setting = self.direct_messages_setting

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if authorization_status is not UNSET:
            field_dict["authorizationStatus"] = authorization_status
        if sound_setting is not UNSET:
            field_dict["soundSetting"] = sound_setting
        if badge_setting is not UNSET:
            field_dict["badgeSetting"] = badge_setting
        if alert_setting is not UNSET:
            field_dict["alertSetting"] = alert_setting
        if notification_center_setting is not UNSET:
            field_dict["notificationCenterSetting"] = notification_center_setting
        if lock_screen_setting is not UNSET:
            field_dict["lockScreenSetting"] = lock_screen_setting
        if car_play_setting is not UNSET:
            field_dict["carPlaySetting"] = car_play_setting
        if alert_style is not UNSET:
            field_dict["alertStyle"] = alert_style
        if show_previews_setting is not UNSET:
            field_dict["showPreviewsSetting"] = show_previews_setting
        if critical_alert_setting is not UNSET:
            field_dict["criticalAlertSetting"] = critical_alert_setting
        if announcement_setting is not UNSET:
            field_dict["announcementSetting"] = announcement_setting
        if time_sensitive_setting is not UNSET:
            field_dict["timeSensitiveSetting"] = time_sensitive_setting
        if scheduled_delivery_setting is not UNSET:
            field_dict["scheduledDeliverySetting"] = scheduled_delivery_setting
        if direct_messages_setting is not UNSET:
            field_dict["directMessagesSetting"] = direct_messages_setting

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _authorization_status = d.pop("authorizationStatus", UNSET)
        authorization_status: NotificationSettingsChangeAuthorizationStatus | Unset
        if isinstance(_authorization_status, Unset):
            authorization_status = UNSET
        else:
            authorization_status = (
                check_notification_settings_change_authorization_status(
                    _authorization_status
                )
            )

        _sound_setting = d.pop("soundSetting", UNSET)
        sound_setting: NotificationSettingsChangeSoundSetting | Unset
        if isinstance(_sound_setting, Unset):
            sound_setting = UNSET
        else:
            sound_setting = check_notification_settings_change_sound_setting(
                _sound_setting
            )

        _badge_setting = d.pop("badgeSetting", UNSET)
        badge_setting: NotificationSettingsChangeBadgeSetting | Unset
        if isinstance(_badge_setting, Unset):
            badge_setting = UNSET
        else:
            badge_setting = check_notification_settings_change_badge_setting(
                _badge_setting
            )

        _alert_setting = d.pop("alertSetting", UNSET)
        alert_setting: NotificationSettingsChangeAlertSetting | Unset
        if isinstance(_alert_setting, Unset):
            alert_setting = UNSET
        else:
            alert_setting = check_notification_settings_change_alert_setting(
                _alert_setting
            )

        _notification_center_setting = d.pop("notificationCenterSetting", UNSET)
        notification_center_setting: (
            NotificationSettingsChangeNotificationCenterSetting | Unset
        )
        if isinstance(_notification_center_setting, Unset):
            notification_center_setting = UNSET
        else:
            notification_center_setting = (
                check_notification_settings_change_notification_center_setting(
                    _notification_center_setting
                )
            )

        _lock_screen_setting = d.pop("lockScreenSetting", UNSET)
        lock_screen_setting: NotificationSettingsChangeLockScreenSetting | Unset
        if isinstance(_lock_screen_setting, Unset):
            lock_screen_setting = UNSET
        else:
            lock_screen_setting = (
                check_notification_settings_change_lock_screen_setting(
                    _lock_screen_setting
                )
            )

        _car_play_setting = d.pop("carPlaySetting", UNSET)
        car_play_setting: NotificationSettingsChangeCarPlaySetting | Unset
        if isinstance(_car_play_setting, Unset):
            car_play_setting = UNSET
        else:
            car_play_setting = check_notification_settings_change_car_play_setting(
                _car_play_setting
            )

        _alert_style = d.pop("alertStyle", UNSET)
        alert_style: NotificationSettingsChangeAlertStyle | Unset
        if isinstance(_alert_style, Unset):
            alert_style = UNSET
        else:
            alert_style = check_notification_settings_change_alert_style(_alert_style)

        _show_previews_setting = d.pop("showPreviewsSetting", UNSET)
        show_previews_setting: NotificationSettingsChangeShowPreviewsSetting | Unset
        if isinstance(_show_previews_setting, Unset):
            show_previews_setting = UNSET
        else:
            show_previews_setting = (
                check_notification_settings_change_show_previews_setting(
                    _show_previews_setting
                )
            )

        _critical_alert_setting = d.pop("criticalAlertSetting", UNSET)
        critical_alert_setting: NotificationSettingsChangeCriticalAlertSetting | Unset
        if isinstance(_critical_alert_setting, Unset):
            critical_alert_setting = UNSET
        else:
            critical_alert_setting = (
                check_notification_settings_change_critical_alert_setting(
                    _critical_alert_setting
                )
            )

        _announcement_setting = d.pop("announcementSetting", UNSET)
        announcement_setting: NotificationSettingsChangeAnnouncementSetting | Unset
        if isinstance(_announcement_setting, Unset):
            announcement_setting = UNSET
        else:
            announcement_setting = (
                check_notification_settings_change_announcement_setting(
                    _announcement_setting
                )
            )

        _time_sensitive_setting = d.pop("timeSensitiveSetting", UNSET)
        time_sensitive_setting: NotificationSettingsChangeTimeSensitiveSetting | Unset
        if isinstance(_time_sensitive_setting, Unset):
            time_sensitive_setting = UNSET
        else:
            time_sensitive_setting = (
                check_notification_settings_change_time_sensitive_setting(
                    _time_sensitive_setting
                )
            )

        _scheduled_delivery_setting = d.pop("scheduledDeliverySetting", UNSET)
        scheduled_delivery_setting: (
            NotificationSettingsChangeScheduledDeliverySetting | Unset
        )
        if isinstance(_scheduled_delivery_setting, Unset):
            scheduled_delivery_setting = UNSET
        else:
            scheduled_delivery_setting = (
                check_notification_settings_change_scheduled_delivery_setting(
                    _scheduled_delivery_setting
                )
            )

        _direct_messages_setting = d.pop("directMessagesSetting", UNSET)
        direct_messages_setting: NotificationSettingsChangeDirectMessagesSetting | Unset
        if isinstance(_direct_messages_setting, Unset):
            direct_messages_setting = UNSET
        else:
            direct_messages_setting = (
                check_notification_settings_change_direct_messages_setting(
                    _direct_messages_setting
                )
            )

        notification_settings_change = cls(
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
            announcement_setting=announcement_setting,
            time_sensitive_setting=time_sensitive_setting,
            scheduled_delivery_setting=scheduled_delivery_setting,
            direct_messages_setting=direct_messages_setting,
        )

        return notification_settings_change
