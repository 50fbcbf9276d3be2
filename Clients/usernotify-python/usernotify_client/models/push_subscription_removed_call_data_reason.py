from typing import Literal

PushSubscriptionRemovedCallDataReason = Literal["gone", "moved"]

PUSH_SUBSCRIPTION_REMOVED_CALL_DATA_REASON_VALUES: set[
    PushSubscriptionRemovedCallDataReason
] = {
    "gone",
    "moved",
}


def check_push_subscription_removed_call_data_reason(
    value: str,
) -> PushSubscriptionRemovedCallDataReason:
    if value in PUSH_SUBSCRIPTION_REMOVED_CALL_DATA_REASON_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUSH_SUBSCRIPTION_REMOVED_CALL_DATA_REASON_VALUES!r}"
    )
