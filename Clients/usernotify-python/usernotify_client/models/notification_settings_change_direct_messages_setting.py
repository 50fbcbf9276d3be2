from typing import Literal

NotificationSettingsChangeDirectMessagesSetting = Literal["disabled", "enabled"]

NOTIFICATION_SETTINGS_CHANGE_DIRECT_MESSAGES_SETTING_VALUES: set[
    NotificationSettingsChangeDirectMessagesSetting
] = {
    "disabled",
    "enabled",
}


def check_notification_settings_change_direct_messages_setting(
    value: str,
) -> NotificationSettingsChangeDirectMessagesSetting:
    if value in NOTIFICATION_SETTINGS_CHANGE_DIRECT_MESSAGES_SETTING_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_CHANGE_DIRECT_MESSAGES_SETTING_VALUES!r}"
    )
