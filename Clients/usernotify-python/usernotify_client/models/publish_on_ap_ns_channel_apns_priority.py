from typing import Literal

PublishOnApNsChannelApnsPriority = Literal["1", "10", "5"]

PUBLISH_ON_AP_NS_CHANNEL_APNS_PRIORITY_VALUES: set[PublishOnApNsChannelApnsPriority] = {
    "1",
    "10",
    "5",
}


def check_publish_on_ap_ns_channel_apns_priority(
    value: str,
) -> PublishOnApNsChannelApnsPriority:
    if value in PUBLISH_ON_AP_NS_CHANNEL_APNS_PRIORITY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {PUBLISH_ON_AP_NS_CHANNEL_APNS_PRIORITY_VALUES!r}"
    )
