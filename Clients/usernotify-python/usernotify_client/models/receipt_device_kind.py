from typing import Literal

ReceiptDeviceKind = Literal["browser", "phone"]

RECEIPT_DEVICE_KIND_VALUES: set[ReceiptDeviceKind] = {
    "browser",
    "phone",
}


def check_receipt_device_kind(value: str) -> ReceiptDeviceKind:
    if value in RECEIPT_DEVICE_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RECEIPT_DEVICE_KIND_VALUES!r}"
    )
