from typing import Literal

AuthorizationPolicy = Literal["deny", "grant", "prompt"]

AUTHORIZATION_POLICY_VALUES: set[AuthorizationPolicy] = {
    "deny",
    "grant",
    "prompt",
}


def check_authorization_policy(value: str) -> AuthorizationPolicy:
    if value in AUTHORIZATION_POLICY_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {AUTHORIZATION_POLICY_VALUES!r}"
    )
