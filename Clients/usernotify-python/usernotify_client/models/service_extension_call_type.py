from typing import Literal

ServiceExtensionCallType = Literal["notification.serviceExtension"]

SERVICE_EXTENSION_CALL_TYPE_VALUES: set[ServiceExtensionCallType] = {
    "notification.serviceExtension",
}


def check_service_extension_call_type(value: str) -> ServiceExtensionCallType:
    if value in SERVICE_EXTENSION_CALL_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SERVICE_EXTENSION_CALL_TYPE_VALUES!r}"
    )
