from typing import Literal

ResponseResultContentExtension = Literal[
    "dismiss", "dismissAndForwardAction", "doNotDismiss"
]

RESPONSE_RESULT_CONTENT_EXTENSION_VALUES: set[ResponseResultContentExtension] = {
    "dismiss",
    "dismissAndForwardAction",
    "doNotDismiss",
}


def check_response_result_content_extension(
    value: str,
) -> ResponseResultContentExtension:
    if value in RESPONSE_RESULT_CONTENT_EXTENSION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {RESPONSE_RESULT_CONTENT_EXTENSION_VALUES!r}"
    )
