from typing import Literal

SendPushApnsPushType = Literal["alert", "background"]

SEND_PUSH_APNS_PUSH_TYPE_VALUES: set[SendPushApnsPushType] = {
    "alert",
    "background",
}


def check_send_push_apns_push_type(value: str) -> SendPushApnsPushType:
    if value in SEND_PUSH_APNS_PUSH_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SEND_PUSH_APNS_PUSH_TYPE_VALUES!r}"
    )
