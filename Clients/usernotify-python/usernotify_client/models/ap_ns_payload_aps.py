from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.ap_ns_payload_aps_content_available import (
    APNsPayloadApsContentAvailable,
    check_ap_ns_payload_aps_content_available,
)
from ..models.ap_ns_payload_aps_event import (
    APNsPayloadApsEvent,
    check_ap_ns_payload_aps_event,
)
from ..models.ap_ns_payload_aps_interruption_level import (
    APNsPayloadApsInterruptionLevel,
    check_ap_ns_payload_aps_interruption_level,
)
from ..models.ap_ns_payload_aps_mutable_content import (
    APNsPayloadApsMutableContent,
    check_ap_ns_payload_aps_mutable_content,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ap_ns_payload_aps_alert_type_1 import APNsPayloadApsAlertType1
    from ..models.ap_ns_payload_aps_attributes import APNsPayloadApsAttributes
    from ..models.ap_ns_payload_aps_content_state import APNsPayloadApsContentState
    from ..models.ap_ns_payload_aps_sound_type_1 import APNsPayloadApsSoundType1


T = TypeVar("T", bound="APNsPayloadAps")


@_attrs_define
class APNsPayloadAps:
    """
    Attributes:
        alert (APNsPayloadApsAlertType1 | str | Unset):
        badge (int | Unset):
        sound (APNsPayloadApsSoundType1 | str | Unset):
        thread_id (str | Unset):
        category (str | Unset):
        content_available (APNsPayloadApsContentAvailable | Unset):
        mutable_content (APNsPayloadApsMutableContent | Unset):
        target_content_id (str | Unset):
        interruption_level (APNsPayloadApsInterruptionLevel | Unset):
        relevance_score (float | Unset):
        filter_criteria (str | Unset):
        event (APNsPayloadApsEvent | Unset): A Live Activity's (channels: update or end).
        timestamp (int | Unset): A Live Activity update's time
        content_state (APNsPayloadApsContentState | Unset): The Live Activity's state.
        stale_date (int | Unset):
        dismissal_date (int | Unset):
        attributes_type (str | Unset):
        attributes (APNsPayloadApsAttributes | Unset):
    """

    alert: APNsPayloadApsAlertType1 | str | Unset = UNSET
    badge: int | Unset = UNSET
    sound: APNsPayloadApsSoundType1 | str | Unset = UNSET
    thread_id: str | Unset = UNSET
    category: str | Unset = UNSET
    content_available: APNsPayloadApsContentAvailable | Unset = UNSET
    mutable_content: APNsPayloadApsMutableContent | Unset = UNSET
    target_content_id: str | Unset = UNSET
    interruption_level: APNsPayloadApsInterruptionLevel | Unset = UNSET
    relevance_score: float | Unset = UNSET
    filter_criteria: str | Unset = UNSET
    event: APNsPayloadApsEvent | Unset = UNSET
    timestamp: int | Unset = UNSET
    content_state: APNsPayloadApsContentState | Unset = UNSET
    stale_date: int | Unset = UNSET
    dismissal_date: int | Unset = UNSET
    attributes_type: str | Unset = UNSET
    attributes: APNsPayloadApsAttributes | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.ap_ns_payload_aps_alert_type_1 import APNsPayloadApsAlertType1
        from ..models.ap_ns_payload_aps_sound_type_1 import APNsPayloadApsSoundType1

        alert: dict[str, Any] | str | Unset
        if isinstance(self.alert, Unset):
            alert = UNSET
        elif isinstance(self.alert, APNsPayloadApsAlertType1):
            alert = self.alert.to_dict()
        else:
            alert = self.alert

        badge = self.badge

        sound: dict[str, Any] | str | Unset
        if isinstance(self.sound, Unset):
            sound = UNSET
        elif isinstance(self.sound, APNsPayloadApsSoundType1):
            sound = self.sound.to_dict()
        else:
            sound = self.sound

        thread_id = self.thread_id

        category = self.category

        content_available: int | Unset = UNSET
        if not isinstance(self.content_available, Unset):
            content_available = self.content_available

        mutable_content: int | Unset = UNSET
        if not isinstance(self.mutable_content, Unset):
            mutable_content = self.mutable_content

        target_content_id = self.target_content_id

        interruption_level: str | Unset = UNSET
        if not isinstance(self.interruption_level, Unset):
            interruption_level = self.interruption_level

        relevance_score = self.relevance_score

        filter_criteria = self.filter_criteria

        event: str | Unset = UNSET
        if not isinstance(self.event, Unset):
            event = self.event

        timestamp = self.timestamp

        content_state: dict[str, Any] | Unset = UNSET
        if not isinstance(self.content_state, Unset):
            content_state = self.content_state.to_dict()

        stale_date = self.stale_date

        dismissal_date = self.dismissal_date

        attributes_type = self.attributes_type

        attributes: dict[str, Any] | Unset = UNSET
        if not isinstance(self.attributes, Unset):
            attributes = self.attributes.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if alert is not UNSET:
            field_dict["alert"] = alert
        if badge is not UNSET:
            field_dict["badge"] = badge
        if sound is not UNSET:
            field_dict["sound"] = sound
        if thread_id is not UNSET:
            field_dict["thread-id"] = thread_id
        if category is not UNSET:
            field_dict["category"] = category
        if content_available is not UNSET:
            field_dict["content-available"] = content_available
        if mutable_content is not UNSET:
            field_dict["mutable-content"] = mutable_content
        if target_content_id is not UNSET:
            field_dict["target-content-id"] = target_content_id
        if interruption_level is not UNSET:
            field_dict["interruption-level"] = interruption_level
        if relevance_score is not UNSET:
            field_dict["relevance-score"] = relevance_score
        if filter_criteria is not UNSET:
            field_dict["filter-criteria"] = filter_criteria
        if event is not UNSET:
            field_dict["event"] = event
        if timestamp is not UNSET:
            field_dict["timestamp"] = timestamp
        if content_state is not UNSET:
            field_dict["content-state"] = content_state
        if stale_date is not UNSET:
            field_dict["stale-date"] = stale_date
        if dismissal_date is not UNSET:
            field_dict["dismissal-date"] = dismissal_date
        if attributes_type is not UNSET:
            field_dict["attributes-type"] = attributes_type
        if attributes is not UNSET:
            field_dict["attributes"] = attributes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.ap_ns_payload_aps_alert_type_1 import APNsPayloadApsAlertType1
        from ..models.ap_ns_payload_aps_attributes import APNsPayloadApsAttributes
        from ..models.ap_ns_payload_aps_content_state import APNsPayloadApsContentState
        from ..models.ap_ns_payload_aps_sound_type_1 import APNsPayloadApsSoundType1

        d = dict(src_dict)

        def _parse_alert(data: object) -> APNsPayloadApsAlertType1 | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                alert_type_1 = APNsPayloadApsAlertType1.from_dict(data)

                return alert_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(APNsPayloadApsAlertType1 | str | Unset, data)

        alert = _parse_alert(d.pop("alert", UNSET))

        badge = d.pop("badge", UNSET)

        def _parse_sound(data: object) -> APNsPayloadApsSoundType1 | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                sound_type_1 = APNsPayloadApsSoundType1.from_dict(data)

                return sound_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(APNsPayloadApsSoundType1 | str | Unset, data)

        sound = _parse_sound(d.pop("sound", UNSET))

        thread_id = d.pop("thread-id", UNSET)

        category = d.pop("category", UNSET)

        _content_available = d.pop("content-available", UNSET)
        content_available: APNsPayloadApsContentAvailable | Unset
        if isinstance(_content_available, Unset):
            content_available = UNSET
        else:
            content_available = check_ap_ns_payload_aps_content_available(
                _content_available
            )

        _mutable_content = d.pop("mutable-content", UNSET)
        mutable_content: APNsPayloadApsMutableContent | Unset
        if isinstance(_mutable_content, Unset):
            mutable_content = UNSET
        else:
            mutable_content = check_ap_ns_payload_aps_mutable_content(_mutable_content)

        target_content_id = d.pop("target-content-id", UNSET)

        _interruption_level = d.pop("interruption-level", UNSET)
        interruption_level: APNsPayloadApsInterruptionLevel | Unset
        if isinstance(_interruption_level, Unset):
            interruption_level = UNSET
        else:
            interruption_level = check_ap_ns_payload_aps_interruption_level(
                _interruption_level
            )

        relevance_score = d.pop("relevance-score", UNSET)

        filter_criteria = d.pop("filter-criteria", UNSET)

        _event = d.pop("event", UNSET)
        event: APNsPayloadApsEvent | Unset
        if isinstance(_event, Unset):
            event = UNSET
        else:
            event = check_ap_ns_payload_aps_event(_event)

        timestamp = d.pop("timestamp", UNSET)

        _content_state = d.pop("content-state", UNSET)
        content_state: APNsPayloadApsContentState | Unset
        if isinstance(_content_state, Unset):
            content_state = UNSET
        else:
            content_state = APNsPayloadApsContentState.from_dict(_content_state)

        stale_date = d.pop("stale-date", UNSET)

        dismissal_date = d.pop("dismissal-date", UNSET)

        attributes_type = d.pop("attributes-type", UNSET)

        _attributes = d.pop("attributes", UNSET)
        attributes: APNsPayloadApsAttributes | Unset
        if isinstance(_attributes, Unset):
            attributes = UNSET
        else:
            attributes = APNsPayloadApsAttributes.from_dict(_attributes)

        ap_ns_payload_aps = cls(
            alert=alert,
            badge=badge,
            sound=sound,
            thread_id=thread_id,
            category=category,
            content_available=content_available,
            mutable_content=mutable_content,
            target_content_id=target_content_id,
            interruption_level=interruption_level,
            relevance_score=relevance_score,
            filter_criteria=filter_criteria,
            event=event,
            timestamp=timestamp,
            content_state=content_state,
            stale_date=stale_date,
            dismissal_date=dismissal_date,
            attributes_type=attributes_type,
            attributes=attributes,
        )

        ap_ns_payload_aps.additional_properties = d
        return ap_ns_payload_aps

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
