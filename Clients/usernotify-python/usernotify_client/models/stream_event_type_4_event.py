from typing import Literal

StreamEventType4Event = Literal["deliveredRemoved", "pendingRemoved"]

STREAM_EVENT_TYPE_4_EVENT_VALUES: set[StreamEventType4Event] = {
    "deliveredRemoved",
    "pendingRemoved",
}


def check_stream_event_type_4_event(value: str) -> StreamEventType4Event:
    if value in STREAM_EVENT_TYPE_4_EVENT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_EVENT_TYPE_4_EVENT_VALUES!r}"
    )
