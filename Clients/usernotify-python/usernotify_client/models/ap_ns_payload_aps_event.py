from typing import Literal

APNsPayloadApsEvent = Literal["end", "start", "update"]

AP_NS_PAYLOAD_APS_EVENT_VALUES: set[APNsPayloadApsEvent] = {
    "end",
    "start",
    "update",
}


def check_ap_ns_payload_aps_event(value: str) -> APNsPayloadApsEvent:
    if value in AP_NS_PAYLOAD_APS_EVENT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AP_NS_PAYLOAD_APS_EVENT_VALUES!r}"
    )
