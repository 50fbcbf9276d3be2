from typing import Literal

ReceiptStepKind = Literal["browser", "phone"]

RECEIPT_STEP_KIND_VALUES: set[ReceiptStepKind] = {
    "browser",
    "phone",
}


def check_receipt_step_kind(value: str) -> ReceiptStepKind:
    if value in RECEIPT_STEP_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RECEIPT_STEP_KIND_VALUES!r}"
    )
