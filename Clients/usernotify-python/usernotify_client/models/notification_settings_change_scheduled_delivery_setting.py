from typing import Literal

NotificationSettingsChangeScheduledDeliverySetting = Literal["disabled", "enabled"]

NOTIFICATION_SETTINGS_CHANGE_SCHEDULED_DELIVERY_SETTING_VALUES: set[
    NotificationSettingsChangeScheduledDeliverySetting
] = {
    "disabled",
    "enabled",
}


def check_notification_settings_change_scheduled_delivery_setting(
    value: str,
) -> NotificationSettingsChangeScheduledDeliverySetting:
    if value in NOTIFICATION_SETTINGS_CHANGE_SCHEDULED_DELIVERY_SETTING_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_SETTINGS_CHANGE_SCHEDULED_DELIVERY_SETTING_VALUES!r}"
    )
