from typing import Literal

BroadcastCompletedCallType = Literal["broadcast.completed"]

BROADCAST_COMPLETED_CALL_TYPE_VALUES: set[BroadcastCompletedCallType] = {
    "broadcast.completed",
}


def check_broadcast_completed_call_type(value: str) -> BroadcastCompletedCallType:
    if value in BROADCAST_COMPLETED_CALL_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {BROADCAST_COMPLETED_CALL_TYPE_VALUES!r}"
    )
