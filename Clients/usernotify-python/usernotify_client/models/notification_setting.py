from typing import Literal

NotificationSetting = Literal["disabled", "enabled", "notSupported"]

NOTIFICATION_SETTING_VALUES: set[NotificationSetting] = {
    "disabled",
    "enabled",
    "notSupported",
}


def check_notification_setting(value: str) -> NotificationSetting:
    if value in NOTIFICATION_SETTING_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTING_VALUES!r}"
    )
