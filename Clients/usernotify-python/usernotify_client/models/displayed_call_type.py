from typing import Literal

DisplayedCallType = Literal["notification.displayed"]

DISPLAYED_CALL_TYPE_VALUES: set[DisplayedCallType] = {
    "notification.displayed",
}


def check_displayed_call_type(value: str) -> DisplayedCallType:
    if value in DISPLAYED_CALL_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DISPLAYED_CALL_TYPE_VALUES!r}"
    )
