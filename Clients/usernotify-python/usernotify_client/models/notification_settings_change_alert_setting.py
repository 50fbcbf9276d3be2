from typing import Literal

NotificationSettingsChangeAlertSetting = Literal["disabled", "enabled"]

NOTIFICATION_SETTINGS_CHANGE_ALERT_SETTING_VALUES: set[
    NotificationSettingsChangeAlertSetting
] = {
    "disabled",
    "enabled",
}


def check_notification_settings_change_alert_setting(
    value: str,
) -> NotificationSettingsChangeAlertSetting:
    if value in NOTIFICATION_SETTINGS_CHANGE_ALERT_SETTING_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_CHANGE_ALERT_SETTING_VALUES!r}"
    )
