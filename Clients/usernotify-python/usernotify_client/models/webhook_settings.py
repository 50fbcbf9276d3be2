from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_event_type import WebhookEventType, check_webhook_event_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.content_extension import ContentExtension
    from ..models.service_extension import ServiceExtension


T = TypeVar("T", bound="WebhookSettings")


@_attrs_define
class WebhookSettings:
    """
    Attributes:
        delegate_url (str | Unset): willPresent and the asynchronous events.
        will_present_timeout (float | Unset):  Default: 2.0.
        service_extension (ServiceExtension | Unset):
        content_extensions (list[ContentExtension] | Unset):
        secrets (list[str] | Unset): Standard Webhooks secrets, required with any URL: each a new one (whsec_ and the
            base64 of 24 to
            64 random bytes) or the id of one set now (whsk_…, as getWebhookSettings shows it), which is
            kept. Secrets are write-only: no read shows one again. Leave `secrets` out to keep every secret
            set now; list an id and a new secret to rotate, then only the new one's id to retire the old.
        events (list[WebhookEventType] | Unset):
        retry_delays (list[float] | Unset): Seconds before each retry (±10 % jitter); the Standard Webhooks schedule by
            default.
    """

    delegate_url: str | Unset = UNSET
    will_present_timeout: float | Unset = 2.0
    service_extension: ServiceExtension | Unset = UNSET
    content_extensions: list[ContentExtension] | Unset = UNSET
    secrets: list[str] | Unset = UNSET
    events: list[WebhookEventType] | Unset = UNSET
    retry_delays: list[float] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        delegate_url = self.delegate_url

        will_present_timeout = self.will_present_timeout

        service_extension: dict[str, Any] | Unset = UNSET
        if not isinstance(self.service_extension, Unset):
            service_extension = self.service_extension.to_dict()

        content_extensions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.content_extensions, Unset):
            content_extensions = []
            for content_extensions_item_data in self.content_extensions:
                content_extensions_item = content_extensions_item_data.to_dict()
                content_extensions.append(content_extensions_item)

        secrets: list[str] | Unset = UNSET
        if not isinstance(self.secrets, Unset):
            secrets = self.secrets

        events: list[str] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item: str = events_item_data
                events.append(events_item)

        retry_delays: list[float] | Unset = UNSET
        if not isinstance(self.retry_delays, Unset):
            retry_delays = self.retry_delays

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if delegate_url is not UNSET:
            field_dict["delegateURL"] = delegate_url
        if will_present_timeout is not UNSET:
            field_dict["willPresentTimeout"] = will_present_timeout
        if service_extension is not UNSET:
            field_dict["serviceExtension"] = service_extension
        if content_extensions is not UNSET:
            field_dict["contentExtensions"] = content_extensions
        if secrets is not UNSET:
            field_dict["secrets"] = secrets
        if events is not UNSET:
            field_dict["events"] = events
        if retry_delays is not UNSET:
            field_dict["retryDelays"] = retry_delays

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.content_extension import ContentExtension
        from ..models.service_extension import ServiceExtension

        d = dict(src_dict)
        delegate_url = d.pop("delegateURL", UNSET)

        will_present_timeout = d.pop("willPresentTimeout", UNSET)

        _service_extension = d.pop("serviceExtension", UNSET)
        service_extension: ServiceExtension | Unset
        if isinstance(_service_extension, Unset):
            service_extension = UNSET
        else:
            service_extension = ServiceExtension.from_dict(_service_extension)

        _content_extensions = d.pop("contentExtensions", UNSET)
        content_extensions: list[ContentExtension] | Unset = UNSET
        if _content_extensions is not UNSET:
            content_extensions = []
            for content_extensions_item_data in _content_extensions:
                content_extensions_item = ContentExtension.from_dict(
                    content_extensions_item_data
                )

                content_extensions.append(content_extensions_item)

        secrets = cast(list[str], d.pop("secrets", UNSET))

        _events = d.pop("events", UNSET)
        events: list[WebhookEventType] | Unset = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:
                events_item = check_webhook_event_type(events_item_data)

                events.append(events_item)

        retry_delays = cast(list[float], d.pop("retryDelays", UNSET))

        webhook_settings = cls(
            delegate_url=delegate_url,
            will_present_timeout=will_present_timeout,
            service_extension=service_extension,
            content_extensions=content_extensions,
            secrets=secrets,
            events=events,
            retry_delays=retry_delays,
        )

        return webhook_settings
