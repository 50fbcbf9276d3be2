from typing import Literal

AuthorizationStatus = Literal[
    "authorized", "denied", "ephemeral", "notDetermined", "provisional"
]

AUTHORIZATION_STATUS_VALUES: set[AuthorizationStatus] = {
    "authorized",
    "denied",
    "ephemeral",
    "notDetermined",
    "provisional",
}


def check_authorization_status(value: str) -> AuthorizationStatus:
    if value in AUTHORIZATION_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZATION_STATUS_VALUES!r}"
    )
