from typing import Literal

ContentExtensionAnswerOption = Literal[
    "dismiss", "dismissAndForwardAction", "doNotDismiss"
]

CONTENT_EXTENSION_ANSWER_OPTION_VALUES: set[ContentExtensionAnswerOption] = {
    "dismiss",
    "dismissAndForwardAction",
    "doNotDismiss",
}


def check_content_extension_answer_option(value: str) -> ContentExtensionAnswerOption:
    if value in CONTENT_EXTENSION_ANSWER_OPTION_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {CONTENT_EXTENSION_ANSWER_OPTION_VALUES!r}"
    )
