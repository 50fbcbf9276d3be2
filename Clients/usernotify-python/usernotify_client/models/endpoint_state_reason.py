from typing import Literal

EndpointStateReason = Literal["failing", "gone"]

ENDPOINT_STATE_REASON_VALUES: set[EndpointStateReason] = {
    "failing",
    "gone",
}


def check_endpoint_state_reason(value: str) -> EndpointStateReason:
    if value in ENDPOINT_STATE_REASON_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {ENDPOINT_STATE_REASON_VALUES!r}"
    )
