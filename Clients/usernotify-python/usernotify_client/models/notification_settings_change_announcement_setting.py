from typing import Literal

NotificationSettingsChangeAnnouncementSetting = Literal["disabled", "enabled"]

NOTIFICATION_SETTINGS_CHANGE_ANNOUNCEMENT_SETTING_VALUES: set[
    NotificationSettingsChangeAnnouncementSetting
] = {
    "disabled",
    "enabled",
}


def check_notification_settings_change_announcement_setting(
    value: str,
) -> NotificationSettingsChangeAnnouncementSetting:
    if value in NOTIFICATION_SETTINGS_CHANGE_ANNOUNCEMENT_SETTING_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_CHANGE_ANNOUNCEMENT_SETTING_VALUES!r}"
    )
