from typing import Literal

SendPushApnsPriority = Literal["1", "10", "5"]

SEND_PUSH_APNS_PRIORITY_VALUES: set[SendPushApnsPriority] = {
    "1",
    "10",
    "5",
}


def check_send_push_apns_priority(value: str) -> SendPushApnsPriority:
    if value in SEND_PUSH_APNS_PRIORITY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEND_PUSH_APNS_PRIORITY_VALUES!r}"
    )
