from typing import Literal

AuthorizationOption = Literal[
    "alert",
    "announcement",
    "badge",
    "carPlay",
    "criticalAlert",
    "providesAppNotificationSettings",
    "provisional",
    "sound",
    "timeSensitive",
]

AUTHORIZATION_OPTION_VALUES: set[AuthorizationOption] = {
    "alert",
    "announcement",
    "badge",
    "carPlay",
    "criticalAlert",
    "providesAppNotificationSettings",
    "provisional",
    "sound",
    "timeSensitive",
}


def check_authorization_option(value: str) -> AuthorizationOption:
    if value in AUTHORIZATION_OPTION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZATION_OPTION_VALUES!r}"
    )
