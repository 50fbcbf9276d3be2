from typing import Literal

APNsChannelPushType = Literal["LiveActivity"]

AP_NS_CHANNEL_PUSH_TYPE_VALUES: set[APNsChannelPushType] = {
    "LiveActivity",
}


def check_ap_ns_channel_push_type(value: str) -> APNsChannelPushType:
    if value in AP_NS_CHANNEL_PUSH_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AP_NS_CHANNEL_PUSH_TYPE_VALUES!r}"
    )
