from typing import Literal

NotificationSettingsChangeNotificationCenterSetting = Literal["disabled", "enabled"]

NOTIFICATION_SETTINGS_CHANGE_NOTIFICATION_CENTER_SETTING_VALUES: set[
    NotificationSettingsChangeNotificationCenterSetting
] = {
    "disabled",
    "enabled",
}


def check_notification_settings_change_notification_center_setting(
    value: str,
) -> NotificationSettingsChangeNotificationCenterSetting:
    if value in NOTIFICATION_SETTINGS_CHANGE_NOTIFICATION_CENTER_SETTING_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_CHANGE_NOTIFICATION_CENTER_SETTING_VALUES!r}"
    )
