from typing import Literal

NotificationSettingsChangeAlertStyle = Literal["alert", "banner", "none"]

NOTIFICATION_SETTINGS_CHANGE_ALERT_STYLE_VALUES: set[
    NotificationSettingsChangeAlertStyle
] = {
    "alert",
    "banner",
    "none",
}


def check_notification_settings_change_alert_style(
    value: str,
) -> NotificationSettingsChangeAlertStyle:
    if value in NOTIFICATION_SETTINGS_CHANGE_ALERT_STYLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_CHANGE_ALERT_STYLE_VALUES!r}"
    )
