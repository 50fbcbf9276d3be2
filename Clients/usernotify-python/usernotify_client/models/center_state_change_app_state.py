from typing import Literal

CenterStateChangeAppState = Literal["background", "foreground", "notRunning"]

CENTER_STATE_CHANGE_APP_STATE_VALUES: set[CenterStateChangeAppState] = {
    "background",
    "foreground",
    "notRunning",
}


def check_center_state_change_app_state(value: str) -> CenterStateChangeAppState:
    if value in CENTER_STATE_CHANGE_APP_STATE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CENTER_STATE_CHANGE_APP_STATE_VALUES!r}"
    )
