from typing import Literal

PushSubscriptionRemovedCallType = Literal["webpush.subscription.removed"]

PUSH_SUBSCRIPTION_REMOVED_CALL_TYPE_VALUES: set[PushSubscriptionRemovedCallType] = {
    "webpush.subscription.removed",
}


def check_push_subscription_removed_call_type(
    value: str,
) -> PushSubscriptionRemovedCallType:
    if value in PUSH_SUBSCRIPTION_REMOVED_CALL_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUSH_SUBSCRIPTION_REMOVED_CALL_TYPE_VALUES!r}"
    )
