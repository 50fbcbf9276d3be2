from typing import Literal

NotificationSettingsChangeAuthorizationStatus = Literal[
    "authorized", "denied", "provisional"
]

NOTIFICATION_SETTINGS_CHANGE_AUTHORIZATION_STATUS_VALUES: set[
    NotificationSettingsChangeAuthorizationStatus
] = {
    "authorized",
    "denied",
    "provisional",
}


def check_notification_settings_change_authorization_status(
    value: str,
) -> NotificationSettingsChangeAuthorizationStatus:
    if value in NOTIFICATION_SETTINGS_CHANGE_AUTHORIZATION_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_CHANGE_AUTHORIZATION_STATUS_VALUES!r}"
    )
