from typing import Literal

ReceiptDeliveryResponse = Literal["action", "dismissed", "opened"]

RECEIPT_DELIVERY_RESPONSE_VALUES: set[ReceiptDeliveryResponse] = {
    "action",
    "dismissed",
    "opened",
}


def check_receipt_delivery_response(value: str) -> ReceiptDeliveryResponse:
    if value in RECEIPT_DELIVERY_RESPONSE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RECEIPT_DELIVERY_RESPONSE_VALUES!r}"
    )
