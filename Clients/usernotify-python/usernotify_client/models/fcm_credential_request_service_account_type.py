from typing import Literal

FcmCredentialRequestServiceAccountType = Literal["service_account"]

FCM_CREDENTIAL_REQUEST_SERVICE_ACCOUNT_TYPE_VALUES: set[
    FcmCredentialRequestServiceAccountType
] = {
    "service_account",
}


def check_fcm_credential_request_service_account_type(
    value: str,
) -> FcmCredentialRequestServiceAccountType:
    if value in FCM_CREDENTIAL_REQUEST_SERVICE_ACCOUNT_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {FCM_CREDENTIAL_REQUEST_SERVICE_ACCOUNT_TYPE_VALUES!r}"
    )
