from typing import Literal

APNsPayloadApsSoundType1Critical = Literal[0, 1]

AP_NS_PAYLOAD_APS_SOUND_TYPE_1_CRITICAL_VALUES: set[
    APNsPayloadApsSoundType1Critical
] = {
    0,
    1,
}


def check_ap_ns_payload_aps_sound_type_1_critical(
    value: int,
) -> APNsPayloadApsSoundType1Critical:
    if value in AP_NS_PAYLOAD_APS_SOUND_TYPE_1_CRITICAL_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AP_NS_PAYLOAD_APS_SOUND_TYPE_1_CRITICAL_VALUES!r}"
    )
