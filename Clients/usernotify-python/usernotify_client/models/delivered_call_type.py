from typing import Literal

DeliveredCallType = Literal["notification.delivered"]

DELIVERED_CALL_TYPE_VALUES: set[DeliveredCallType] = {
    "notification.delivered",
}


def check_delivered_call_type(value: str) -> DeliveredCallType:
    if value in DELIVERED_CALL_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELIVERED_CALL_TYPE_VALUES!r}"
    )
