from typing import Literal

APNsPayloadApsContentAvailable = Literal[0, 1]

AP_NS_PAYLOAD_APS_CONTENT_AVAILABLE_VALUES: set[APNsPayloadApsContentAvailable] = {
    0,
    1,
}


def check_ap_ns_payload_aps_content_available(
    value: int,
) -> APNsPayloadApsContentAvailable:
    if value in AP_NS_PAYLOAD_APS_CONTENT_AVAILABLE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AP_NS_PAYLOAD_APS_CONTENT_AVAILABLE_VALUES!r}"
    )
