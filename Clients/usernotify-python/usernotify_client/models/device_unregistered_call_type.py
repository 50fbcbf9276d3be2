from typing import Literal

DeviceUnregisteredCallType = Literal["device.unregistered"]

DEVICE_UNREGISTERED_CALL_TYPE_VALUES: set[DeviceUnregisteredCallType] = {
    "device.unregistered",
}


def check_device_unregistered_call_type(value: str) -> DeviceUnregisteredCallType:
    if value in DEVICE_UNREGISTERED_CALL_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {DEVICE_UNREGISTERED_CALL_TYPE_VALUES!r}"
    )
