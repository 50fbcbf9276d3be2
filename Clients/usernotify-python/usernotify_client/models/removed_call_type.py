from typing import Literal

RemovedCallType = Literal["notification.removed"]

REMOVED_CALL_TYPE_VALUES: set[RemovedCallType] = {
    "notification.removed",
}


def check_removed_call_type(value: str) -> RemovedCallType:
    if value in REMOVED_CALL_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {REMOVED_CALL_TYPE_VALUES!r}"
    )
