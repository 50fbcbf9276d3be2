from typing import Literal

BackgroundPushCallType = Literal["push.background"]

BACKGROUND_PUSH_CALL_TYPE_VALUES: set[BackgroundPushCallType] = {
    "push.background",
}


def check_background_push_call_type(value: str) -> BackgroundPushCallType:
    if value in BACKGROUND_PUSH_CALL_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {BACKGROUND_PUSH_CALL_TYPE_VALUES!r}"
    )
