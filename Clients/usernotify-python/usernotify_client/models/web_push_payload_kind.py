from typing import Literal

WebPushPayloadKind = Literal["close", "notification"]

WEB_PUSH_PAYLOAD_KIND_VALUES: set[WebPushPayloadKind] = {
    "close",
    "notification",
}


def check_web_push_payload_kind(value: str) -> WebPushPayloadKind:
    if value in WEB_PUSH_PAYLOAD_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WEB_PUSH_PAYLOAD_KIND_VALUES!r}"
    )
