from typing import Literal

APNsChannelMessageStoragePolicy = Literal[0, 1]

AP_NS_CHANNEL_MESSAGE_STORAGE_POLICY_VALUES: set[APNsChannelMessageStoragePolicy] = {
    0,
    1,
}


def check_ap_ns_channel_message_storage_policy(
    value: int,
) -> APNsChannelMessageStoragePolicy:
    if value in AP_NS_CHANNEL_MESSAGE_STORAGE_POLICY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AP_NS_CHANNEL_MESSAGE_STORAGE_POLICY_VALUES!r}"
    )
