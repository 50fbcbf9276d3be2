from typing import Literal

AppStreamEventEvent = Literal["webhook.endpoint.disabled"]

APP_STREAM_EVENT_EVENT_VALUES: set[AppStreamEventEvent] = {
    "webhook.endpoint.disabled",
}


def check_app_stream_event_event(value: str) -> AppStreamEventEvent:
    if value in APP_STREAM_EVENT_EVENT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APP_STREAM_EVENT_EVENT_VALUES!r}"
    )
