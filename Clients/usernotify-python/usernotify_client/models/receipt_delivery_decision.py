from typing import Literal

ReceiptDeliveryDecision = Literal["notAuthorized", "presented", "quiet"]

RECEIPT_DELIVERY_DECISION_VALUES: set[ReceiptDeliveryDecision] = {
    "notAuthorized",
    "presented",
    "quiet",
}


def check_receipt_delivery_decision(value: str) -> ReceiptDeliveryDecision:
    if value in RECEIPT_DELIVERY_DECISION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RECEIPT_DELIVERY_DECISION_VALUES!r}"
    )
