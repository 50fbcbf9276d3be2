from typing import Literal

NotificationSettingsAlertStyle = Literal["alert", "banner", "none"]

NOTIFICATION_SETTINGS_ALERT_STYLE_VALUES: set[NotificationSettingsAlertStyle] = {
    "alert",
    "banner",
    "none",
}


def check_notification_settings_alert_style(
    value: str,
) -> NotificationSettingsAlertStyle:
    if value in NOTIFICATION_SETTINGS_ALERT_STYLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_ALERT_STYLE_VALUES!r}"
    )
