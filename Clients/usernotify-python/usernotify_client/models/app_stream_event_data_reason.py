from typing import Literal

AppStreamEventDataReason = Literal["failing", "gone"]

APP_STREAM_EVENT_DATA_REASON_VALUES: set[AppStreamEventDataReason] = {
    "failing",
    "gone",
}


def check_app_stream_event_data_reason(value: str) -> AppStreamEventDataReason:
    if value in APP_STREAM_EVENT_DATA_REASON_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {APP_STREAM_EVENT_DATA_REASON_VALUES!r}"
    )
