from typing import Literal

NotificationSettingsChangeShowPreviewsSetting = Literal[
    "always", "never", "whenAuthenticated"
]

NOTIFICATION_SETTINGS_CHANGE_SHOW_PREVIEWS_SETTING_VALUES: set[
    NotificationSettingsChangeShowPreviewsSetting
] = {
    "always",
    "never",
    "whenAuthenticated",
}


def check_notification_settings_change_show_previews_setting(
    value: str,
) -> NotificationSettingsChangeShowPreviewsSetting:
    if value in NOTIFICATION_SETTINGS_CHANGE_SHOW_PREVIEWS_SETTING_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_CHANGE_SHOW_PREVIEWS_SETTING_VALUES!r}"
    )
