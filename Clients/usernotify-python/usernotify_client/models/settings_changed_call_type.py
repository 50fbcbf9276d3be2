from typing import Literal

SettingsChangedCallType = Literal["settings.changed"]

SETTINGS_CHANGED_CALL_TYPE_VALUES: set[SettingsChangedCallType] = {
    "settings.changed",
}


def check_settings_changed_call_type(value: str) -> SettingsChangedCallType:
    if value in SETTINGS_CHANGED_CALL_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {SETTINGS_CHANGED_CALL_TYPE_VALUES!r}"
    )
