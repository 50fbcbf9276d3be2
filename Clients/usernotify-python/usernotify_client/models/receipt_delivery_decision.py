from typing import Literal

ReceiptDeliveryDecision = Literal["held", "notAuthorized", "presented", "quiet"]

RECEIPT_DELIVERY_DECISION_VALUES: set[ReceiptDeliveryDecision] = {
    "held",
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
