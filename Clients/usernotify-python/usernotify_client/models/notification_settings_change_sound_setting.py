from typing import Literal

NotificationSettingsChangeSoundSetting = Literal["disabled", "enabled"]

NOTIFICATION_SETTINGS_CHANGE_SOUND_SETTING_VALUES: set[
    NotificationSettingsChangeSoundSetting
] = {
    "disabled",
    "enabled",
}


def check_notification_settings_change_sound_setting(
    value: str,
) -> NotificationSettingsChangeSoundSetting:
    if value in NOTIFICATION_SETTINGS_CHANGE_SOUND_SETTING_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_CHANGE_SOUND_SETTING_VALUES!r}"
    )
