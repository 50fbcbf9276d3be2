from typing import Literal

DeliveryStatus = Literal["aborted", "delivered", "expired", "failed", "pending"]

DELIVERY_STATUS_VALUES: set[DeliveryStatus] = {
    "aborted",
    "delivered",
    "expired",
    "failed",
    "pending",
}


def check_delivery_status(value: str) -> DeliveryStatus:
    if value in DELIVERY_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELIVERY_STATUS_VALUES!r}"
    )
