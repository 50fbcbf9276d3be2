from typing import Literal

NotificationSettingsChangeBadgeSetting = Literal["disabled", "enabled"]

NOTIFICATION_SETTINGS_CHANGE_BADGE_SETTING_VALUES: set[
    NotificationSettingsChangeBadgeSetting
] = {
    "disabled",
    "enabled",
}


def check_notification_settings_change_badge_setting(
    value: str,
) -> NotificationSettingsChangeBadgeSetting:
    if value in NOTIFICATION_SETTINGS_CHANGE_BADGE_SETTING_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_CHANGE_BADGE_SETTING_VALUES!r}"
    )
