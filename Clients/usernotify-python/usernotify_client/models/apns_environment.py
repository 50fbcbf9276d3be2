from typing import Literal

ApnsEnvironment = Literal["production", "sandbox"]

APNS_ENVIRONMENT_VALUES: set[ApnsEnvironment] = {
    "production",
    "sandbox",
}


def check_apns_environment(value: str) -> ApnsEnvironment:
    if value in APNS_ENVIRONMENT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APNS_ENVIRONMENT_VALUES!r}"
    )
