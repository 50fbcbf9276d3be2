from typing import Literal

NotificationSettingsChangeLockScreenSetting = Literal["disabled", "enabled"]

NOTIFICATION_SETTINGS_CHANGE_LOCK_SCREEN_SETTING_VALUES: set[
    NotificationSettingsChangeLockScreenSetting
] = {
    "disabled",
    "enabled",
}


def check_notification_settings_change_lock_screen_setting(
    value: str,
) -> NotificationSettingsChangeLockScreenSetting:
    if value in NOTIFICATION_SETTINGS_CHANGE_LOCK_SCREEN_SETTING_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_CHANGE_LOCK_SCREEN_SETTING_VALUES!r}"
    )
