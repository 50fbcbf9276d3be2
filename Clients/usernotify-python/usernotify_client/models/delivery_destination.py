from typing import Literal

DeliveryDestination = Literal["browser", "phone", "webhook"]

DELIVERY_DESTINATION_VALUES: set[DeliveryDestination] = {
    "browser",
    "phone",
    "webhook",
}


def check_delivery_destination(value: str) -> DeliveryDestination:
    if value in DELIVERY_DESTINATION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DELIVERY_DESTINATION_VALUES!r}"
    )
