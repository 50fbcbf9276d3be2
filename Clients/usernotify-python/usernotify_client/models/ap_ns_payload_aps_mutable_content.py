from typing import Literal

APNsPayloadApsMutableContent = Literal[0, 1]

AP_NS_PAYLOAD_APS_MUTABLE_CONTENT_VALUES: set[APNsPayloadApsMutableContent] = {
    0,
    1,
}


def check_ap_ns_payload_aps_mutable_content(value: int) -> APNsPayloadApsMutableContent:
    if value in AP_NS_PAYLOAD_APS_MUTABLE_CONTENT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AP_NS_PAYLOAD_APS_MUTABLE_CONTENT_VALUES!r}"
    )
