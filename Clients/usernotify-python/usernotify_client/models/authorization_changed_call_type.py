from typing import Literal

AuthorizationChangedCallType = Literal["authorization.changed"]

AUTHORIZATION_CHANGED_CALL_TYPE_VALUES: set[AuthorizationChangedCallType] = {
    "authorization.changed",
}


def check_authorization_changed_call_type(value: str) -> AuthorizationChangedCallType:
    if value in AUTHORIZATION_CHANGED_CALL_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZATION_CHANGED_CALL_TYPE_VALUES!r}"
    )
