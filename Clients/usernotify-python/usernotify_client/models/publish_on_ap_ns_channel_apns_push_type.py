from typing import Literal

PublishOnApNsChannelApnsPushType = Literal["alert", "liveactivity"]

PUBLISH_ON_AP_NS_CHANNEL_APNS_PUSH_TYPE_VALUES: set[
    PublishOnApNsChannelApnsPushType
] = {
    "alert",
    "liveactivity",
}


def check_publish_on_ap_ns_channel_apns_push_type(
    value: str,
) -> PublishOnApNsChannelApnsPushType:
    if value in PUBLISH_ON_AP_NS_CHANNEL_APNS_PUSH_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUBLISH_ON_AP_NS_CHANNEL_APNS_PUSH_TYPE_VALUES!r}"
    )
