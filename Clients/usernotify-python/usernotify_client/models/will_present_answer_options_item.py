from typing import Literal

WillPresentAnswerOptionsItem = Literal["alert", "badge", "banner", "list", "sound"]

WILL_PRESENT_ANSWER_OPTIONS_ITEM_VALUES: set[WillPresentAnswerOptionsItem] = {
    "alert",
    "badge",
    "banner",
    "list",
    "sound",
}


def check_will_present_answer_options_item(value: str) -> WillPresentAnswerOptionsItem:
    if value in WILL_PRESENT_ANSWER_OPTIONS_ITEM_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {WILL_PRESENT_ANSWER_OPTIONS_ITEM_VALUES!r}"
    )
