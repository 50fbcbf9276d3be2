from typing import Literal

BroadcastStatus = Literal["canceled", "completed", "firing", "replaced", "scheduled"]

BROADCAST_STATUS_VALUES: set[BroadcastStatus] = {
    "canceled",
    "completed",
    "firing",
    "replaced",
    "scheduled",
}


def check_broadcast_status(value: str) -> BroadcastStatus:
    if value in BROADCAST_STATUS_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {BROADCAST_STATUS_VALUES!r}"
    )
