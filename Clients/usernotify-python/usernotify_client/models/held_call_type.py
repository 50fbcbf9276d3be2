from typing import Literal

HeldCallType = Literal["notification.held"]

HELD_CALL_TYPE_VALUES: set[HeldCallType] = {
    "notification.held",
}


def check_held_call_type(value: str) -> HeldCallType:
    if value in HELD_CALL_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {HELD_CALL_TYPE_VALUES!r}"
    )
