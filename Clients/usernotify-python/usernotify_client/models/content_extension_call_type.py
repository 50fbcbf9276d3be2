from typing import Literal

ContentExtensionCallType = Literal["notification.contentExtension"]

CONTENT_EXTENSION_CALL_TYPE_VALUES: set[ContentExtensionCallType] = {
    "notification.contentExtension",
}


def check_content_extension_call_type(value: str) -> ContentExtensionCallType:
    if value in CONTENT_EXTENSION_CALL_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CONTENT_EXTENSION_CALL_TYPE_VALUES!r}"
    )
