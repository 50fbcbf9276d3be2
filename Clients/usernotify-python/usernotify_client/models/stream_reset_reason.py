from typing import Literal

StreamResetReason = Literal["history"]

STREAM_RESET_REASON_VALUES: set[StreamResetReason] = {
    "history",
}


def check_stream_reset_reason(value: str) -> StreamResetReason:
    if value in STREAM_RESET_REASON_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {STREAM_RESET_REASON_VALUES!r}"
    )
