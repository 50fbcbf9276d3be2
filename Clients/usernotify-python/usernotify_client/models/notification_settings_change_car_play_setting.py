from typing import Literal

NotificationSettingsChangeCarPlaySetting = Literal["disabled", "enabled"]

NOTIFICATION_SETTINGS_CHANGE_CAR_PLAY_SETTING_VALUES: set[
    NotificationSettingsChangeCarPlaySetting
] = {
    "disabled",
    "enabled",
}


def check_notification_settings_change_car_play_setting(
    value: str,
) -> NotificationSettingsChangeCarPlaySetting:
    if value in NOTIFICATION_SETTINGS_CHANGE_CAR_PLAY_SETTING_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_CHANGE_CAR_PLAY_SETTING_VALUES!r}"
    )
