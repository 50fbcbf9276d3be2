from typing import Literal

PushProvider = Literal["apns", "fcm"]

PUSH_PROVIDER_VALUES: set[PushProvider] = {
    "apns",
    "fcm",
}


def check_push_provider(value: str) -> PushProvider:
    if value in PUSH_PROVIDER_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUSH_PROVIDER_VALUES!r}"
    )
