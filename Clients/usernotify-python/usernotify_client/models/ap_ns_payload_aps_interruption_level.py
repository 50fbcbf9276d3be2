from typing import Literal

APNsPayloadApsInterruptionLevel = Literal[
    "active", "critical", "passive", "time-sensitive"
]

AP_NS_PAYLOAD_APS_INTERRUPTION_LEVEL_VALUES: set[APNsPayloadApsInterruptionLevel] = {
    "active",
    "critical",
    "passive",
    "time-sensitive",
}


def check_ap_ns_payload_aps_interruption_level(
    value: str,
) -> APNsPayloadApsInterruptionLevel:
    if value in AP_NS_PAYLOAD_APS_INTERRUPTION_LEVEL_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AP_NS_PAYLOAD_APS_INTERRUPTION_LEVEL_VALUES!r}"
    )
