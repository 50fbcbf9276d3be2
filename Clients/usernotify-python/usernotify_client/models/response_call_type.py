from typing import Literal

ResponseCallType = Literal["notification.response"]

RESPONSE_CALL_TYPE_VALUES: set[ResponseCallType] = {
    "notification.response",
}


def check_response_call_type(value: str) -> ResponseCallType:
    if value in RESPONSE_CALL_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESPONSE_CALL_TYPE_VALUES!r}"
    )
