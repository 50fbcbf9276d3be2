from typing import Literal

CenterStateAppState = Literal["background", "foreground", "notRunning"]

CENTER_STATE_APP_STATE_VALUES: set[CenterStateAppState] = {
    "background",
    "foreground",
    "notRunning",
}


def check_center_state_app_state(value: str) -> CenterStateAppState:
    if value in CENTER_STATE_APP_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CENTER_STATE_APP_STATE_VALUES!r}"
    )
