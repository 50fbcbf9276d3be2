from typing import Literal

StreamEventFrameEvent = Literal[
    "authorizationPrompt",
    "badgeChanged",
    "deliveredRemoved",
    "pendingRemoved",
    "presented",
    "reset",
    "settingsChanged",
]

STREAM_EVENT_FRAME_EVENT_VALUES: set[StreamEventFrameEvent] = {
    "authorizationPrompt",
    "badgeChanged",
    "deliveredRemoved",
    "pendingRemoved",
    "presented",
    "reset",
    "settingsChanged",
}


def check_stream_event_frame_event(value: str) -> StreamEventFrameEvent:
    if value in STREAM_EVENT_FRAME_EVENT_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_EVENT_FRAME_EVENT_VALUES!r}"
    )
