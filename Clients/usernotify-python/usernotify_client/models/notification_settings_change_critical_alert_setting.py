from typing import Literal

NotificationSettingsChangeCriticalAlertSetting = Literal["disabled", "enabled"]

NOTIFICATION_SETTINGS_CHANGE_CRITICAL_ALERT_SETTING_VALUES: set[
    NotificationSettingsChangeCriticalAlertSetting
] = {
    "disabled",
    "enabled",
}


def check_notification_settings_change_critical_alert_setting(
    value: str,
) -> NotificationSettingsChangeCriticalAlertSetting:
    if value in NOTIFICATION_SETTINGS_CHANGE_CRITICAL_ALERT_SETTING_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_CHANGE_CRITICAL_ALERT_SETTING_VALUES!r}"
    )
