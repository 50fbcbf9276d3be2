from typing import Literal

SummaryDeliveredCallType = Literal["summary.delivered"]

SUMMARY_DELIVERED_CALL_TYPE_VALUES: set[SummaryDeliveredCallType] = {
    "summary.delivered",
}


def check_summary_delivered_call_type(value: str) -> SummaryDeliveredCallType:
    if value in SUMMARY_DELIVERED_CALL_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SUMMARY_DELIVERED_CALL_TYPE_VALUES!r}"
    )
