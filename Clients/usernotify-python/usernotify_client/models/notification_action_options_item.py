from typing import Literal

NotificationActionOptionsItem = Literal[
    "authenticationRequired", "destructive", "foreground"
]

NOTIFICATION_ACTION_OPTIONS_ITEM_VALUES: set[NotificationActionOptionsItem] = {
    "authenticationRequired",
    "destructive",
    "foreground",
}


def check_notification_action_options_item(value: str) -> NotificationActionOptionsItem:
    if value in NOTIFICATION_ACTION_OPTIONS_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_ACTION_OPTIONS_ITEM_VALUES!r}"
    )
