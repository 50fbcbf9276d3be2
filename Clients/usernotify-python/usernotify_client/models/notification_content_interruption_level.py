from typing import Literal

NotificationContentInterruptionLevel = Literal[
    "active", "critical", "passive", "timeSensitive"
]

NOTIFICATION_CONTENT_INTERRUPTION_LEVEL_VALUES: set[
    NotificationContentInterruptionLevel
] = {
    "active",
    "critical",
    "passive",
    "timeSensitive",
}


def check_notification_content_interruption_level(
    value: str,
) -> NotificationContentInterruptionLevel:
    if value in NOTIFICATION_CONTENT_INTERRUPTION_LEVEL_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_CONTENT_INTERRUPTION_LEVEL_VALUES!r}"
    )
