from typing import Literal

ReceiptDeviceConfirmation = Literal["awaiting", "confirmed", "notConfirmed"]

RECEIPT_DEVICE_CONFIRMATION_VALUES: set[ReceiptDeviceConfirmation] = {
    "awaiting",
    "confirmed",
    "notConfirmed",
}


def check_receipt_device_confirmation(value: str) -> ReceiptDeviceConfirmation:
    if value in RECEIPT_DEVICE_CONFIRMATION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RECEIPT_DEVICE_CONFIRMATION_VALUES!r}"
    )
