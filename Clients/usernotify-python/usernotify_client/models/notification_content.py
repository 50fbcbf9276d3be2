from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.notification_content_interruption_level import (
    NotificationContentInterruptionLevel,
    check_notification_content_interruption_level,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.attachment_reference import AttachmentReference
    from ..models.communication import Communication
    from ..models.critical_sound import CriticalSound
    from ..models.default_sound import DefaultSound
    from ..models.localized_text import LocalizedText
    from ..models.named_sound import NamedSound
    from ..models.notification_content_user_info import NotificationContentUserInfo


T = TypeVar("T", bound="NotificationContent")


@_attrs_define
class NotificationContent:
    """UNNotificationContent.

    Attributes:
        title (str | Unset):
        subtitle (str | Unset):
        body (str | Unset):
        title_localization (LocalizedText | Unset):
        subtitle_localization (LocalizedText | Unset):
        body_localization (LocalizedText | Unset):
        badge (int | Unset): Absent leaves the badge
        sound (CriticalSound | DefaultSound | NamedSound | Unset): `UNNotificationSound`: the default sound, a named
            sound, or a critical alert sound.
        launch_image_name (str | Unset):
        user_info (NotificationContentUserInfo | Unset): Any JSON object (at most 16 KiB).
        attachments (list[AttachmentReference] | Unset):
        category_identifier (str | Unset):
        thread_identifier (str | Unset):
        target_content_identifier (str | Unset):
        summary_argument (str | Unset):
        summary_argument_count (int | Unset):
        interruption_level (NotificationContentInterruptionLevel | Unset):
        relevance_score (float | Unset):
        filter_criteria (str | Unset):
        communication (Communication | Unset): A communication notification (`INSendMessageIntent`,
            `content.updating(from:)`): it breaks through a Scheduled Summary when `directMessagesSetting` is enabled, and
            through a Focus that allows its sender.
        mutable_content (bool | Unset): Like aps.mutable-content — with alert text, the app's service extension may
            change the content before delivery.
    """

    title: str | Unset = UNSET
    subtitle: str | Unset = UNSET
    body: str | Unset = UNSET
    title_localization: LocalizedText | Unset = UNSET
    subtitle_localization: LocalizedText | Unset = UNSET
    body_localization: LocalizedText | Unset = UNSET
    badge: int | Unset = UNSET
    sound: CriticalSound | DefaultSound | NamedSound | Unset = UNSET
    launch_image_name: str | Unset = UNSET
    user_info: NotificationContentUserInfo | Unset = UNSET
    attachments: list[AttachmentReference] | Unset = UNSET
    category_identifier: str | Unset = UNSET
    thread_identifier: str | Unset = UNSET
    target_content_identifier: str | Unset = UNSET
    summary_argument: str | Unset = UNSET
    summary_argument_count: int | Unset = UNSET
    interruption_level: NotificationContentInterruptionLevel | Unset = UNSET
    relevance_score: float | Unset = UNSET
    filter_criteria: str | Unset = UNSET
    communication: Communication | Unset = UNSET
    mutable_content: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.default_sound import DefaultSound
        from ..models.named_sound import NamedSound

        title = self.title

        subtitle = self.subtitle

        body = self.body

        title_localization: dict[str, Any] | Unset = UNSET
        if not isinstance(self.title_localization, Unset):
            title_localization = self.title_localization.to_dict()

        subtitle_localization: dict[str, Any] | Unset = UNSET
        if not isinstance(self.subtitle_localization, Unset):
            subtitle_localization = self.subtitle_localization.to_dict()

        body_localization: dict[str, Any] | Unset = UNSET
        if not isinstance(self.body_localization, Unset):
            body_localization = self.body_localization.to_dict()

        badge = self.badge

        sound: dict[str, Any] | Unset
        if isinstance(self.sound, Unset):
            sound = UNSET
        elif isinstance(self.sound, DefaultSound) or isinstance(self.sound, NamedSound):
            sound = self.sound.to_dict()
        else:
            sound = self.sound.to_dict()

        launch_image_name = self.launch_image_name

        user_info: dict[str, Any] | Unset = UNSET
        if not isinstance(self.user_info, Unset):
            user_info = self.user_info.to_dict()

        attachments: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.attachments, Unset):
            attachments = []
            for attachments_item_data in self.attachments:
                attachments_item = attachments_item_data.to_dict()
                attachments.append(attachments_item)

        category_identifier = self.category_identifier

        thread_identifier = self.thread_identifier

        target_content_identifier = self.target_content_identifier

        summary_argument = self.summary_argument

        summary_argument_count = self.summary_argument_count

        interruption_level: str | Unset = UNSET
        if not isinstance(self.interruption_level, Unset):
            interruption_level = self.interruption_level

        relevance_score = self.relevance_score

        filter_criteria = self.filter_criteria

        communication: dict[str, Any] | Unset = UNSET
        if not isinstance(self.communication, Unset):
            communication = self.communication.to_dict()

        mutable_content = self.mutable_content

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if title is not UNSET:
            field_dict["title"] = title
        if subtitle is not UNSET:
            field_dict["subtitle"] = subtitle
        if body is not UNSET:
            field_dict["body"] = body
        if title_localization is not UNSET:
            field_dict["titleLocalization"] = title_localization
        if subtitle_localization is not UNSET:
            field_dict["subtitleLocalization"] = subtitle_localization
        if body_localization is not UNSET:
            field_dict["bodyLocalization"] = body_localization
        if badge is not UNSET:
            field_dict["badge"] = badge
        if sound is not UNSET:
            field_dict["sound"] = sound
        if launch_image_name is not UNSET:
            field_dict["launchImageName"] = launch_image_name
        if user_info is not UNSET:
            field_dict["userInfo"] = user_info
        if attachments is not UNSET:
            field_dict["attachments"] = attachments
        if category_identifier is not UNSET:
            field_dict["categoryIdentifier"] = category_identifier
        if thread_identifier is not UNSET:
            field_dict["threadIdentifier"] = thread_identifier
        if target_content_identifier is not UNSET:
            field_dict["targetContentIdentifier"] = target_content_identifier
        if summary_argument is not UNSET:
            field_dict["summaryArgument"] = summary_argument
        if summary_argument_count is not UNSET:
            field_dict["summaryArgumentCount"] = summary_argument_count
        if interruption_level is not UNSET:
            field_dict["interruptionLevel"] = interruption_level
        if relevance_score is not UNSET:
            field_dict["relevanceScore"] = relevance_score
        if filter_criteria is not UNSET:
            field_dict["filterCriteria"] = filter_criteria
        if communication is not UNSET:
            field_dict["communication"] = communication
        if mutable_content is not UNSET:
            field_dict["mutableContent"] = mutable_content

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.attachment_reference import AttachmentReference
        from ..models.communication import Communication
        from ..models.critical_sound import CriticalSound
        from ..models.default_sound import DefaultSound
        from ..models.localized_text import LocalizedText
        from ..models.named_sound import NamedSound
        from ..models.notification_content_user_info import NotificationContentUserInfo

        d = dict(src_dict)
        title = d.pop("title", UNSET)

        subtitle = d.pop("subtitle", UNSET)

        body = d.pop("body", UNSET)

        _title_localization = d.pop("titleLocalization", UNSET)
        title_localization: LocalizedText | Unset
        if isinstance(_title_localization, Unset):
            title_localization = UNSET
        else:
            title_localization = LocalizedText.from_dict(_title_localization)

        _subtitle_localization = d.pop("subtitleLocalization", UNSET)
        subtitle_localization: LocalizedText | Unset
        if isinstance(_subtitle_localization, Unset):
            subtitle_localization = UNSET
        else:
            subtitle_localization = LocalizedText.from_dict(_subtitle_localization)

        _body_localization = d.pop("bodyLocalization", UNSET)
        body_localization: LocalizedText | Unset
        if isinstance(_body_localization, Unset):
            body_localization = UNSET
        else:
            body_localization = LocalizedText.from_dict(_body_localization)

        badge = d.pop("badge", UNSET)

        def _parse_sound(
            data: object,
        ) -> CriticalSound | DefaultSound | NamedSound | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_sound_type_0 = DefaultSound.from_dict(data)

                return componentsschemas_sound_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_sound_type_1 = NamedSound.from_dict(data)

                return componentsschemas_sound_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_sound_type_2 = CriticalSound.from_dict(data)

            return componentsschemas_sound_type_2

        sound = _parse_sound(d.pop("sound", UNSET))

        launch_image_name = d.pop("launchImageName", UNSET)

        _user_info = d.pop("userInfo", UNSET)
        user_info: NotificationContentUserInfo | Unset
        if isinstance(_user_info, Unset):
            user_info = UNSET
        else:
            user_info = NotificationContentUserInfo.from_dict(_user_info)

        _attachments = d.pop("attachments", UNSET)
        attachments: list[AttachmentReference] | Unset = UNSET
        if _attachments is not UNSET:
            attachments = []
            for attachments_item_data in _attachments:
                attachments_item = AttachmentReference.from_dict(attachments_item_data)

                attachments.append(attachments_item)

        category_identifier = d.pop("categoryIdentifier", UNSET)

        thread_identifier = d.pop("threadIdentifier", UNSET)

        target_content_identifier = d.pop("targetContentIdentifier", UNSET)

        summary_argument = d.pop("summaryArgument", UNSET)

        summary_argument_count = d.pop("summaryArgumentCount", UNSET)

        _interruption_level = d.pop("interruptionLevel", UNSET)
        interruption_level: NotificationContentInterruptionLevel | Unset
        if isinstance(_interruption_level, Unset):
            interruption_level = UNSET
        else:
            interruption_level = check_notification_content_interruption_level(
                _interruption_level
            )

        relevance_score = d.pop("relevanceScore", UNSET)

        filter_criteria = d.pop("filterCriteria", UNSET)

        _communication = d.pop("communication", UNSET)
        communication: Communication | Unset
        if isinstance(_communication, Unset):
            communication = UNSET
        else:
            communication = Communication.from_dict(_communication)

        mutable_content = d.pop("mutableContent", UNSET)

        notification_content = cls(
            title=title,
            subtitle=subtitle,
            body=body,
            title_localization=title_localization,
            subtitle_localization=subtitle_localization,
            body_localization=body_localization,
            badge=badge,
            sound=sound,
            launch_image_name=launch_image_name,
            user_info=user_info,
            attachments=attachments,
            category_identifier=category_identifier,
            thread_identifier=thread_identifier,
            target_content_identifier=target_content_identifier,
            summary_argument=summary_argument,
            summary_argument_count=summary_argument_count,
            interruption_level=interruption_level,
            relevance_score=relevance_score,
            filter_criteria=filter_criteria,
            communication=communication,
            mutable_content=mutable_content,
        )

        return notification_content
