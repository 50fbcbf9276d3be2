from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_event_type import WebhookEventType, check_webhook_event_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.content_extension import ContentExtension
    from ..models.endpoint_state import EndpointState
    from ..models.service_extension import ServiceExtension
    from ..models.webhook_settings_view_secrets_item import (
        WebhookSettingsViewSecretsItem,
    )


T = TypeVar("T", bound="WebhookSettingsView")


@_attrs_define
class WebhookSettingsView:
    """
    Attributes:
        will_present_timeout (float):
        content_extensions (list[ContentExtension]):
        secrets (list[WebhookSettingsViewSecretsItem]): The signing secrets, write-only; each shown by its id (give it
            to keep the secret) and its first characters.
        events (list[WebhookEventType]):
        retry_delays (list[float]):
        disabled_endpoints (list[str]): Disabled endpoints: 410 Gone, or failing too long.
        endpoints (list[EndpointState]): Endpoints that are failing (since when) or disabled (when, and why); healthy
            ones are not listed.
        delegate_url (str | Unset):
        service_extension (ServiceExtension | Unset):
    """

    will_present_timeout: float
    content_extensions: list[ContentExtension]
    secrets: list[WebhookSettingsViewSecretsItem]
    events: list[WebhookEventType]
    retry_delays: list[float]
    disabled_endpoints: list[str]
    endpoints: list[EndpointState]
    delegate_url: str | Unset = UNSET
    service_extension: ServiceExtension | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        will_present_timeout = self.will_present_timeout

        content_extensions = []
        for content_extensions_item_data in self.content_extensions:
            content_extensions_item = content_extensions_item_data.to_dict()
            content_extensions.append(content_extensions_item)

        secrets = []
        for secrets_item_data in self.secrets:
            secrets_item = secrets_item_data.to_dict()
            secrets.append(secrets_item)

        events = []
        for events_item_data in self.events:
            events_item: str = events_item_data
            events.append(events_item)

        retry_delays = self.retry_delays

        disabled_endpoints = self.disabled_endpoints

        endpoints = []
        for endpoints_item_data in self.endpoints:
            endpoints_item = endpoints_item_data.to_dict()
            endpoints.append(endpoints_item)

        delegate_url = self.delegate_url

        service_extension: dict[str, Any] | Unset = UNSET
        if not isinstance(self.service_extension, Unset):
            service_extension = self.service_extension.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "willPresentTimeout": will_present_timeout,
                "contentExtensions": content_extensions,
                "secrets": secrets,
                "events": events,
                "retryDelays": retry_delays,
                "disabledEndpoints": disabled_endpoints,
                "endpoints": endpoints,
            }
        )
        if delegate_url is not UNSET:
            field_dict["delegateURL"] = delegate_url
        if service_extension is not UNSET:
            field_dict["serviceExtension"] = service_extension

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.content_extension import ContentExtension
        from ..models.endpoint_state import EndpointState
        from ..models.service_extension import ServiceExtension
        from ..models.webhook_settings_view_secrets_item import (
            WebhookSettingsViewSecretsItem,
        )

        d = dict(src_dict)
        will_present_timeout = d.pop("willPresentTimeout")

        content_extensions = []
        _content_extensions = d.pop("contentExtensions")
        for content_extensions_item_data in _content_extensions:
            content_extensions_item = ContentExtension.from_dict(
                content_extensions_item_data
            )

            content_extensions.append(content_extensions_item)

        secrets = []
        _secrets = d.pop("secrets")
        for secrets_item_data in _secrets:
            secrets_item = WebhookSettingsViewSecretsItem.from_dict(secrets_item_data)

            secrets.append(secrets_item)

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = check_webhook_event_type(events_item_data)

            events.append(events_item)

        retry_delays = cast(list[float], d.pop("retryDelays"))

        disabled_endpoints = cast(list[str], d.pop("disabledEndpoints"))

        endpoints = []
        _endpoints = d.pop("endpoints")
        for endpoints_item_data in _endpoints:
            endpoints_item = EndpointState.from_dict(endpoints_item_data)

            endpoints.append(endpoints_item)

        delegate_url = d.pop("delegateURL", UNSET)

        _service_extension = d.pop("serviceExtension", UNSET)
        service_extension: ServiceExtension | Unset
        if isinstance(_service_extension, Unset):
            service_extension = UNSET
        else:
            service_extension = ServiceExtension.from_dict(_service_extension)

        webhook_settings_view = cls(
            will_present_timeout=will_present_timeout,
            content_extensions=content_extensions,
            secrets=secrets,
            events=events,
            retry_delays=retry_delays,
            disabled_endpoints=disabled_endpoints,
            endpoints=endpoints,
            delegate_url=delegate_url,
            service_extension=service_extension,
        )

        webhook_settings_view.additional_properties = d
        return webhook_settings_view

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
