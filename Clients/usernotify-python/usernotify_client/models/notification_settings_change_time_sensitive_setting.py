from typing import Literal

NotificationSettingsChangeTimeSensitiveSetting = Literal["disabled", "enabled"]

NOTIFICATION_SETTINGS_CHANGE_TIME_SENSITIVE_SETTING_VALUES: set[
    NotificationSettingsChangeTimeSensitiveSetting
] = {
    "disabled",
    "enabled",
}


def check_notification_settings_change_time_sensitive_setting(
    value: str,
) -> NotificationSettingsChangeTimeSensitiveSetting:
    if value in NOTIFICATION_SETTINGS_CHANGE_TIME_SENSITIVE_SETTING_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_CHANGE_TIME_SENSITIVE_SETTING_VALUES!r}"
    )
