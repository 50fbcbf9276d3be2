from typing import Literal

NotificationCategoryOptionsItem = Literal[
    "allowAnnouncement",
    "allowInCarPlay",
    "customDismissAction",
    "hiddenPreviewsShowSubtitle",
    "hiddenPreviewsShowTitle",
]

NOTIFICATION_CATEGORY_OPTIONS_ITEM_VALUES: set[NotificationCategoryOptionsItem] = {
    "allowAnnouncement",
    "allowInCarPlay",
    "customDismissAction",
    "hiddenPreviewsShowSubtitle",
    "hiddenPreviewsShowTitle",
}


def check_notification_category_options_item(
    value: str,
) -> NotificationCategoryOptionsItem:
    if value in NOTIFICATION_CATEGORY_OPTIONS_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {NOTIFICATION_CATEGORY_OPTIONS_ITEM_VALUES!r}"
    )
