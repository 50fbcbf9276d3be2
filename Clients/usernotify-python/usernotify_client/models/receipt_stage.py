from typing import Literal

ReceiptStage = Literal[
    "action",
    "dismissed",
    "displayed",
    "expired",
    "failed",
    "fired",
    "opened",
    "removed",
    "replaced",
    "scheduled",
    "sent",
    "unregistered",
]

RECEIPT_STAGE_VALUES: set[ReceiptStage] = {
    "action",
    "dismissed",
    "displayed",
    "expired",
    "failed",
    "fired",
    "opened",
    "removed",
    "replaced",
    "scheduled",
    "sent",
    "unregistered",
}


def check_receipt_stage(value: str) -> ReceiptStage:
    if value in RECEIPT_STAGE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RECEIPT_STAGE_VALUES!r}"
    )
