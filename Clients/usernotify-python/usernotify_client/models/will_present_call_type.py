from typing import Literal

WillPresentCallType = Literal["notification.willPresent"]

WILL_PRESENT_CALL_TYPE_VALUES: set[WillPresentCallType] = {
    "notification.willPresent",
}


def check_will_present_call_type(value: str) -> WillPresentCallType:
    if value in WILL_PRESENT_CALL_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WILL_PRESENT_CALL_TYPE_VALUES!r}"
    )
