from typing import Literal

NotificationSettingsShowPreviewsSetting = Literal[
    "always", "never", "whenAuthenticated"
]

NOTIFICATION_SETTINGS_SHOW_PREVIEWS_SETTING_VALUES: set[
    NotificationSettingsShowPreviewsSetting
] = {
    "always",
    "never",
    "whenAuthenticated",
}


def check_notification_settings_show_previews_setting(
    value: str,
) -> NotificationSettingsShowPreviewsSetting:
    if value in NOTIFICATION_SETTINGS_SHOW_PREVIEWS_SETTING_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_SHOW_PREVIEWS_SETTING_VALUES!r}"
    )
