from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delivery_destination import (
    DeliveryDestination,
    check_delivery_destination,
)
from ..models.delivery_status import DeliveryStatus, check_delivery_status
from ..models.webhook_event_type import WebhookEventType, check_webhook_event_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.delivery_attempts_item import DeliveryAttemptsItem


T = TypeVar("T", bound="Delivery")


@_attrs_define
class Delivery:
    """
    Attributes:
        id (str): The webhook-id of every attempt.
        type_ (WebhookEventType): notification.held says that a notification was held for the user's Scheduled Summary
            (data.notification.presentation.heldUntil is when it comes), summary.delivered that a summary came
            (data.summary); both are sent unless `events` leaves them out, as is broadcast.completed (a broadcast's date
            came in every zone; data is the broadcast). notification.response is didReceive; push.background is
            didReceiveRemoteNotification for a background push (data.request); notification.delivered (opt-in, sent only
            when listed) tells of every delivery, once per firing (data.notification); notification.displayed (opt-in too)
            that a browser or phone confirmed showing one; the others tell what the user did. webpush.subscription.removed
            says that a browser's push subscription was removed because its push service answered that it is gone;
            device.unregistered, that a phone's registration was removed because APNs or FCM answered that its token no
            longer reaches the app.
        destination (DeliveryDestination): Where a message goes: the app's webhook (signed, retried on the app's
            retryDelays), a browser's push subscription (an encrypted Web Push) or a phone's registration (a relay to APNs
            or FCM); pushes and relays retry on their own, from 5 s doubling to an hour, until they expire.
        url (str): The lane the message goes by: the webhook URL, the push service's origin (https://fcm.googleapis.com;
            `recipientID` names the subscription), or the phone's provider (apns, fcm; `recipientID` names the
            registration). Messages written by 0.1 name the push endpoint or apns:dev_…. Concurrency is capped per lane.
        status (DeliveryStatus): pending (waiting for its next attempt), delivered, failed (refused, or the app's retry
            schedule ran out), aborted (webhook-delivery: abort-message), expired (a push or a relay that could not be sent
            within its lifetime: 4 weeks, a removal a day; never sent late).
        attempt_count (int):
        created_at (datetime.datetime):
        payload (str): The JSON body exactly as signed and sent.
        recipient_id (str | Unset): The push subscription (wps_…) or device registration (dev_…) the message goes to;
            absent for a webhook.
        next_attempt_at (datetime.datetime | Unset):
        attempts (list[DeliveryAttemptsItem] | Unset):
    """

    id: str
    type_: WebhookEventType
    destination: DeliveryDestination
    url: str
    status: DeliveryStatus
    attempt_count: int
    created_at: datetime.datetime
    payload: str
    recipient_id: str | Unset = UNSET
    next_attempt_at: datetime.datetime | Unset = UNSET
    attempts: list[DeliveryAttemptsItem] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        type_: str = self.type_

        destination: str = self.destination

        url = self.url

        status: str = self.status

        attempt_count = self.attempt_count

        created_at = self.created_at.isoformat()

        payload = self.payload

        recipient_id = self.recipient_id

        next_attempt_at: str | Unset = UNSET
        if not isinstance(self.next_attempt_at, Unset):
            next_attempt_at = self.next_attempt_at.isoformat()

        attempts: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.attempts, Unset):
            attempts = []
            for attempts_item_data in self.attempts:
                attempts_item = attempts_item_data.to_dict()
                attempts.append(attempts_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "type": type_,
                "destination": destination,
                "url": url,
                "status": status,
                "attemptCount": attempt_count,
                "createdAt": created_at,
                "payload": payload,
            }
        )
        if recipient_id is not UNSET:
            field_dict["recipientID"] = recipient_id
        if next_attempt_at is not UNSET:
            field_dict["nextAttemptAt"] = next_attempt_at
        if attempts is not UNSET:
            field_dict["attempts"] = attempts

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.delivery_attempts_item import DeliveryAttemptsItem

        d = dict(src_dict)
        id = d.pop("id")

        type_ = check_webhook_event_type(d.pop("type"))

        destination = check_delivery_destination(d.pop("destination"))

        url = d.pop("url")

        status = check_delivery_status(d.pop("status"))

        attempt_count = d.pop("attemptCount")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        payload = d.pop("payload")

        recipient_id = d.pop("recipientID", UNSET)

        _next_attempt_at = d.pop("nextAttemptAt", UNSET)
        next_attempt_at: datetime.datetime | Unset
        if isinstance(_next_attempt_at, Unset):
            next_attempt_at = UNSET
        else:
            next_attempt_at = datetime.datetime.fromisoformat(_next_attempt_at)

        _attempts = d.pop("attempts", UNSET)
        attempts: list[DeliveryAttemptsItem] | Unset = UNSET
        if _attempts is not UNSET:
            attempts = []
            for attempts_item_data in _attempts:
                attempts_item = DeliveryAttemptsItem.from_dict(attempts_item_data)

                attempts.append(attempts_item)

        delivery = cls(
            id=id,
            type_=type_,
            destination=destination,
            url=url,
            status=status,
            attempt_count=attempt_count,
            created_at=created_at,
            payload=payload,
            recipient_id=recipient_id,
            next_attempt_at=next_attempt_at,
            attempts=attempts,
        )

        delivery.additional_properties = d
        return delivery

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
