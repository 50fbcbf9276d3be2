from typing import Literal

WebhookEventType = Literal[
    "authorization.changed",
    "broadcast.completed",
    "device.unregistered",
    "notification.delivered",
    "notification.displayed",
    "notification.held",
    "notification.removed",
    "notification.response",
    "push.background",
    "settings.changed",
    "summary.delivered",
    "webpush.subscription.removed",
]

WEBHOOK_EVENT_TYPE_VALUES: set[WebhookEventType] = {
    "authorization.changed",
    "broadcast.completed",
    "device.unregistered",
    "notification.delivered",
    "notification.displayed",
    "notification.held",
    "notification.removed",
    "notification.response",
    "push.background",
    "settings.changed",
    "summary.delivered",
    "webpush.subscription.removed",
}


def check_webhook_event_type(value: str) -> WebhookEventType:
    if value in WEBHOOK_EVENT_TYPE_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WEBHOOK_EVENT_TYPE_VALUES!r}"
    )
