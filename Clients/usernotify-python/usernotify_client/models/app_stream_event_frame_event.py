from typing import Literal

AppStreamEventFrameEvent = Literal["webhook.endpoint.disabled"]

APP_STREAM_EVENT_FRAME_EVENT_VALUES: set[AppStreamEventFrameEvent] = {
    "webhook.endpoint.disabled",
}


def check_app_stream_event_frame_event(value: str) -> AppStreamEventFrameEvent:
    if value in APP_STREAM_EVENT_FRAME_EVENT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APP_STREAM_EVENT_FRAME_EVENT_VALUES!r}"
    )
