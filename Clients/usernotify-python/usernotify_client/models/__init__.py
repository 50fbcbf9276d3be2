"""Contains all the data models used in inputs/outputs"""

from .add_result import AddResult
from .ap_ns_channel import APNsChannel
from .ap_ns_channel_list import APNsChannelList
from .ap_ns_channel_message_storage_policy import APNsChannelMessageStoragePolicy
from .ap_ns_channel_push_type import APNsChannelPushType
from .ap_ns_payload import APNsPayload
from .ap_ns_payload_aps import APNsPayloadAps
from .ap_ns_payload_aps_alert_type_1 import APNsPayloadApsAlertType1
from .ap_ns_payload_aps_attributes import APNsPayloadApsAttributes
from .ap_ns_payload_aps_content_available import APNsPayloadApsContentAvailable
from .ap_ns_payload_aps_content_state import APNsPayloadApsContentState
from .ap_ns_payload_aps_event import APNsPayloadApsEvent
from .ap_ns_payload_aps_interruption_level import APNsPayloadApsInterruptionLevel
from .ap_ns_payload_aps_mutable_content import APNsPayloadApsMutableContent
from .ap_ns_payload_aps_sound_type_1 import APNsPayloadApsSoundType1
from .ap_ns_payload_aps_sound_type_1_critical import APNsPayloadApsSoundType1Critical
from .apns_credential_request import ApnsCredentialRequest
from .apns_environment import ApnsEnvironment
from .app import App
from .app_key_list import AppKeyList
from .app_key_list_keys_item import AppKeyListKeysItem
from .app_page import AppPage
from .app_stream_event import AppStreamEvent
from .app_stream_event_data import AppStreamEventData
from .app_stream_event_data_reason import AppStreamEventDataReason
from .app_stream_event_event import AppStreamEventEvent
from .app_stream_event_frame import AppStreamEventFrame
from .app_stream_event_frame_event import AppStreamEventFrameEvent
from .attachment_reference import AttachmentReference
from .attachment_reference_thumbnail_clipping_rect import (
    AttachmentReferenceThumbnailClippingRect,
)
from .authorization_changed_call import AuthorizationChangedCall
from .authorization_changed_call_type import AuthorizationChangedCallType
from .authorization_option import AuthorizationOption
from .authorization_policy import AuthorizationPolicy
from .authorization_prompt import AuthorizationPrompt
from .authorization_request import AuthorizationRequest
from .authorization_result import AuthorizationResult
from .authorization_status import AuthorizationStatus
from .background_push_call import BackgroundPushCall
from .background_push_call_type import BackgroundPushCallType
from .badge import Badge
from .badge_change import BadgeChange
from .broadcast import Broadcast
from .broadcast_audience import BroadcastAudience
from .broadcast_completed_call import BroadcastCompletedCall
from .broadcast_completed_call_type import BroadcastCompletedCallType
from .broadcast_counts import BroadcastCounts
from .broadcast_page import BroadcastPage
from .broadcast_status import BroadcastStatus
from .calendar_trigger import CalendarTrigger
from .categories import Categories
from .center import Center
from .center_page import CenterPage
from .center_state import CenterState
from .center_state_app_state import CenterStateAppState
from .center_state_change import CenterStateChange
from .center_state_change_app_state import CenterStateChangeAppState
from .clock import Clock
from .clock_advance import ClockAdvance
from .clock_set import ClockSet
from .communication import Communication
from .communication_sender import CommunicationSender
from .content_extension import ContentExtension
from .content_extension_answer import ContentExtensionAnswer
from .content_extension_answer_option import ContentExtensionAnswerOption
from .content_extension_call import ContentExtensionCall
from .content_extension_call_type import ContentExtensionCallType
from .create_ap_ns_channel_response_400 import CreateApNsChannelResponse400
from .create_ap_ns_channel_response_403 import CreateApNsChannelResponse403
from .create_app import CreateApp
from .create_center import CreateCenter
from .created_broadcast import CreatedBroadcast
from .created_center import CreatedCenter
from .critical_sound import CriticalSound
from .date_components import DateComponents
from .default_locale import DefaultLocale
from .default_sound import DefaultSound
from .delete_ap_ns_channel_response_400 import DeleteApNsChannelResponse400
from .delete_ap_ns_channel_response_403 import DeleteApNsChannelResponse403
from .delivered_call import DeliveredCall
from .delivered_call_type import DeliveredCallType
from .delivered_event import DeliveredEvent
from .delivered_notification import DeliveredNotification
from .delivered_page import DeliveredPage
from .delivery import Delivery
from .delivery_attempts_item import DeliveryAttemptsItem
from .delivery_destination import DeliveryDestination
from .delivery_page import DeliveryPage
from .delivery_status import DeliveryStatus
from .device_registration import DeviceRegistration
from .device_registration_list import DeviceRegistrationList
from .device_registration_request import DeviceRegistrationRequest
from .device_unregistered_call import DeviceUnregisteredCall
from .device_unregistered_call_data import DeviceUnregisteredCallData
from .device_unregistered_call_type import DeviceUnregisteredCallType
from .display_confirmation import DisplayConfirmation
from .displayed_call import DisplayedCall
from .displayed_call_data import DisplayedCallData
from .displayed_call_type import DisplayedCallType
from .endpoint_state import EndpointState
from .endpoint_state_reason import EndpointStateReason
from .endpoint_url import EndpointURL
from .error_code import ErrorCode
from .fcm_credential_request import FcmCredentialRequest
from .fcm_credential_request_service_account import FcmCredentialRequestServiceAccount
from .fcm_credential_request_service_account_type import (
    FcmCredentialRequestServiceAccountType,
)
from .fired import Fired
from .focus import Focus
from .focus_filter import FocusFilter
from .focus_schedule import FocusSchedule
from .get_open_api_document_response_200 import GetOpenApiDocumentResponse200
from .held_call import HeldCall
from .held_call_type import HeldCallType
from .identifier_list import IdentifierList
from .issued_key import IssuedKey
from .list_ap_ns_channels_response_400 import ListApNsChannelsResponse400
from .list_ap_ns_channels_response_403 import ListApNsChannelsResponse403
from .localization_overview import LocalizationOverview
from .localized_text import LocalizedText
from .location import Location
from .location_region import LocationRegion
from .location_trigger import LocationTrigger
from .media import Media
from .media_usage import MediaUsage
from .named_sound import NamedSound
from .new_broadcast import NewBroadcast
from .new_topic import NewTopic
from .notification_action import NotificationAction
from .notification_action_icon import NotificationActionIcon
from .notification_action_options_item import NotificationActionOptionsItem
from .notification_action_text_input import NotificationActionTextInput
from .notification_category import NotificationCategory
from .notification_category_options_item import NotificationCategoryOptionsItem
from .notification_content import NotificationContent
from .notification_content_interruption_level import (
    NotificationContentInterruptionLevel,
)
from .notification_content_user_info import NotificationContentUserInfo
from .notification_request import NotificationRequest
from .notification_response import NotificationResponse
from .notification_setting import NotificationSetting
from .notification_settings import NotificationSettings
from .notification_settings_alert_style import NotificationSettingsAlertStyle
from .notification_settings_change import NotificationSettingsChange
from .notification_settings_change_alert_setting import (
    NotificationSettingsChangeAlertSetting,
)
from .notification_settings_change_alert_style import (
    NotificationSettingsChangeAlertStyle,
)
from .notification_settings_change_announcement_setting import (
    NotificationSettingsChangeAnnouncementSetting,
)
from .notification_settings_change_authorization_status import (
    NotificationSettingsChangeAuthorizationStatus,
)
from .notification_settings_change_badge_setting import (
    NotificationSettingsChangeBadgeSetting,
)
from .notification_settings_change_car_play_setting import (
    NotificationSettingsChangeCarPlaySetting,
)
from .notification_settings_change_critical_alert_setting import (
    NotificationSettingsChangeCriticalAlertSetting,
)
from .notification_settings_change_direct_messages_setting import (
    NotificationSettingsChangeDirectMessagesSetting,
)
from .notification_settings_change_lock_screen_setting import (
    NotificationSettingsChangeLockScreenSetting,
)
from .notification_settings_change_notification_center_setting import (
    NotificationSettingsChangeNotificationCenterSetting,
)
from .notification_settings_change_scheduled_delivery_setting import (
    NotificationSettingsChangeScheduledDeliverySetting,
)
from .notification_settings_change_show_previews_setting import (
    NotificationSettingsChangeShowPreviewsSetting,
)
from .notification_settings_change_sound_setting import (
    NotificationSettingsChangeSoundSetting,
)
from .notification_settings_change_time_sensitive_setting import (
    NotificationSettingsChangeTimeSensitiveSetting,
)
from .notification_settings_show_previews_setting import (
    NotificationSettingsShowPreviewsSetting,
)
from .pending_page import PendingPage
from .pending_request import PendingRequest
from .presentation import Presentation
from .problem import Problem
from .prompt_answer import PromptAnswer
from .publish_on_ap_ns_channel_apns_priority import PublishOnApNsChannelApnsPriority
from .publish_on_ap_ns_channel_apns_push_type import PublishOnApNsChannelApnsPushType
from .publish_on_ap_ns_channel_response_400 import PublishOnApNsChannelResponse400
from .publish_on_ap_ns_channel_response_403 import PublishOnApNsChannelResponse403
from .publish_on_ap_ns_channel_response_413 import PublishOnApNsChannelResponse413
from .push_provider import PushProvider
from .push_subscription import PushSubscription
from .push_subscription_list import PushSubscriptionList
from .push_subscription_removed_call import PushSubscriptionRemovedCall
from .push_subscription_removed_call_data import PushSubscriptionRemovedCallData
from .push_subscription_removed_call_data_reason import (
    PushSubscriptionRemovedCallDataReason,
)
from .push_subscription_removed_call_type import PushSubscriptionRemovedCallType
from .push_subscription_request import PushSubscriptionRequest
from .push_subscription_request_keys import PushSubscriptionRequestKeys
from .push_token import PushToken
from .push_trigger import PushTrigger
from .read_ap_ns_channel_response_400 import ReadApNsChannelResponse400
from .read_ap_ns_channel_response_403 import ReadApNsChannelResponse403
from .receipt_delivery import ReceiptDelivery
from .receipt_delivery_counts import ReceiptDeliveryCounts
from .receipt_delivery_decision import ReceiptDeliveryDecision
from .receipt_delivery_response import ReceiptDeliveryResponse
from .receipt_device import ReceiptDevice
from .receipt_device_confirmation import ReceiptDeviceConfirmation
from .receipt_device_kind import ReceiptDeviceKind
from .receipt_stage import ReceiptStage
from .receipt_step import ReceiptStep
from .receipt_step_kind import ReceiptStepKind
from .receipts import Receipts
from .relay_credential import RelayCredential
from .relay_credential_apns import RelayCredentialApns
from .relay_credential_fcm import RelayCredentialFcm
from .relay_credential_list import RelayCredentialList
from .removed_call import RemovedCall
from .removed_call_type import RemovedCallType
from .removed_event import RemovedEvent
from .removed_identifiers import RemovedIdentifiers
from .removed_list import RemovedList
from .request_event import RequestEvent
from .response_call import ResponseCall
from .response_call_type import ResponseCallType
from .response_event import ResponseEvent
from .response_result import ResponseResult
from .response_result_content_extension import ResponseResultContentExtension
from .scheduled_summary import ScheduledSummary
from .scheduled_summary_groups_item import ScheduledSummaryGroupsItem
from .scheduled_summary_groups_item_items_item import (
    ScheduledSummaryGroupsItemItemsItem,
)
from .send_push_apns_priority import SendPushApnsPriority
from .send_push_apns_push_type import SendPushApnsPushType
from .send_push_response_400 import SendPushResponse400
from .send_push_response_403 import SendPushResponse403
from .send_push_response_410 import SendPushResponse410
from .send_push_response_413 import SendPushResponse413
from .service_extension import ServiceExtension
from .service_extension_answer import ServiceExtensionAnswer
from .service_extension_call import ServiceExtensionCall
from .service_extension_call_type import ServiceExtensionCallType
from .settings_changed_call import SettingsChangedCall
from .settings_changed_call_type import SettingsChangedCallType
from .settings_event import SettingsEvent
from .status import Status
from .stored_request import StoredRequest
from .stream_event_frame import StreamEventFrame
from .stream_event_frame_event import StreamEventFrameEvent
from .stream_event_type_0 import StreamEventType0
from .stream_event_type_1 import StreamEventType1
from .stream_event_type_2 import StreamEventType2
from .stream_event_type_3 import StreamEventType3
from .stream_event_type_4 import StreamEventType4
from .stream_event_type_4_event import StreamEventType4Event
from .stream_event_type_5 import StreamEventType5
from .stream_event_type_6 import StreamEventType6
from .stream_reset import StreamReset
from .stream_reset_reason import StreamResetReason
from .string_table import StringTable
from .string_table_strings import StringTableStrings
from .subscribed_browser import SubscribedBrowser
from .subscriber_page import SubscriberPage
from .summary_delivered_call import SummaryDeliveredCall
from .summary_delivered_call_data import SummaryDeliveredCallData
from .summary_delivered_call_type import SummaryDeliveredCallType
from .time_interval_trigger import TimeIntervalTrigger
from .topic import Topic
from .topic_list import TopicList
from .topic_page import TopicPage
from .update_app import UpdateApp
from .web_push_key import WebPushKey
from .web_push_key_list import WebPushKeyList
from .web_push_key_list_keys_item import WebPushKeyListKeysItem
from .web_push_payload import WebPushPayload
from .web_push_payload_actions_item import WebPushPayloadActionsItem
from .web_push_payload_actions_item_input import WebPushPayloadActionsItemInput
from .web_push_payload_kind import WebPushPayloadKind
from .web_push_removal import WebPushRemoval
from .web_push_renewal import WebPushRenewal
from .web_push_response import WebPushResponse
from .webhook_event_type import WebhookEventType
from .webhook_settings import WebhookSettings
from .webhook_settings_view import WebhookSettingsView
from .webhook_settings_view_secrets_item import WebhookSettingsViewSecretsItem
from .will_present_answer import WillPresentAnswer
from .will_present_answer_options_item import WillPresentAnswerOptionsItem
from .will_present_call import WillPresentCall
from .will_present_call_type import WillPresentCallType

__all__ = (
    "APNsChannel",
    "APNsChannelList",
    "APNsChannelMessageStoragePolicy",
    "APNsChannelPushType",
    "APNsPayload",
    "APNsPayloadAps",
    "APNsPayloadApsAlertType1",
    "APNsPayloadApsAttributes",
    "APNsPayloadApsContentAvailable",
    "APNsPayloadApsContentState",
    "APNsPayloadApsEvent",
    "APNsPayloadApsInterruptionLevel",
    "APNsPayloadApsMutableContent",
    "APNsPayloadApsSoundType1",
    "APNsPayloadApsSoundType1Critical",
    "AddResult",
    "ApnsCredentialRequest",
    "ApnsEnvironment",
    "App",
    "AppKeyList",
    "AppKeyListKeysItem",
    "AppPage",
    "AppStreamEvent",
    "AppStreamEventData",
    "AppStreamEventDataReason",
    "AppStreamEventEvent",
    "AppStreamEventFrame",
    "AppStreamEventFrameEvent",
    "AttachmentReference",
    "AttachmentReferenceThumbnailClippingRect",
    "AuthorizationChangedCall",
    "AuthorizationChangedCallType",
    "AuthorizationOption",
    "AuthorizationPolicy",
    "AuthorizationPrompt",
    "AuthorizationRequest",
    "AuthorizationResult",
    "AuthorizationStatus",
    "BackgroundPushCall",
    "BackgroundPushCallType",
    "Badge",
    "BadgeChange",
    "Broadcast",
    "BroadcastAudience",
    "BroadcastCompletedCall",
    "BroadcastCompletedCallType",
    "BroadcastCounts",
    "BroadcastPage",
    "BroadcastStatus",
    "CalendarTrigger",
    "Categories",
    "Center",
    "CenterPage",
    "CenterState",
    "CenterStateAppState",
    "CenterStateChange",
    "CenterStateChangeAppState",
    "Clock",
    "ClockAdvance",
    "ClockSet",
    "Communication",
    "CommunicationSender",
    "ContentExtension",
    "ContentExtensionAnswer",
    "ContentExtensionAnswerOption",
    "ContentExtensionCall",
    "ContentExtensionCallType",
    "CreateApNsChannelResponse400",
    "CreateApNsChannelResponse403",
    "CreateApp",
    "CreateCenter",
    "CreatedBroadcast",
    "CreatedCenter",
    "CriticalSound",
    "DateComponents",
    "DefaultLocale",
    "DefaultSound",
    "DeleteApNsChannelResponse400",
    "DeleteApNsChannelResponse403",
    "DeliveredCall",
    "DeliveredCallType",
    "DeliveredEvent",
    "DeliveredNotification",
    "DeliveredPage",
    "Delivery",
    "DeliveryAttemptsItem",
    "DeliveryDestination",
    "DeliveryPage",
    "DeliveryStatus",
    "DeviceRegistration",
    "DeviceRegistrationList",
    "DeviceRegistrationRequest",
    "DeviceUnregisteredCall",
    "DeviceUnregisteredCallData",
    "DeviceUnregisteredCallType",
    "DisplayConfirmation",
    "DisplayedCall",
    "DisplayedCallData",
    "DisplayedCallType",
    "EndpointState",
    "EndpointStateReason",
    "EndpointURL",
    "ErrorCode",
    "FcmCredentialRequest",
    "FcmCredentialRequestServiceAccount",
    "FcmCredentialRequestServiceAccountType",
    "Fired",
    "Focus",
    "FocusFilter",
    "FocusSchedule",
    "GetOpenApiDocumentResponse200",
    "HeldCall",
    "HeldCallType",
    "IdentifierList",
    "IssuedKey",
    "ListApNsChannelsResponse400",
    "ListApNsChannelsResponse403",
    "LocalizationOverview",
    "LocalizedText",
    "Location",
    "LocationRegion",
    "LocationTrigger",
    "Media",
    "MediaUsage",
    "NamedSound",
    "NewBroadcast",
    "NewTopic",
    "NotificationAction",
    "NotificationActionIcon",
    "NotificationActionOptionsItem",
    "NotificationActionTextInput",
    "NotificationCategory",
    "NotificationCategoryOptionsItem",
    "NotificationContent",
    "NotificationContentInterruptionLevel",
    "NotificationContentUserInfo",
    "NotificationRequest",
    "NotificationResponse",
    "NotificationSetting",
    "NotificationSettings",
    "NotificationSettingsAlertStyle",
    "NotificationSettingsChange",
    "NotificationSettingsChangeAlertSetting",
    "NotificationSettingsChangeAlertStyle",
    "NotificationSettingsChangeAnnouncementSetting",
    "NotificationSettingsChangeAuthorizationStatus",
    "NotificationSettingsChangeBadgeSetting",
    "NotificationSettingsChangeCarPlaySetting",
    "NotificationSettingsChangeCriticalAlertSetting",
    "NotificationSettingsChangeDirectMessagesSetting",
    "NotificationSettingsChangeLockScreenSetting",
    "NotificationSettingsChangeNotificationCenterSetting",
    "NotificationSettingsChangeScheduledDeliverySetting",
    "NotificationSettingsChangeShowPreviewsSetting",
    "NotificationSettingsChangeSoundSetting",
    "NotificationSettingsChangeTimeSensitiveSetting",
    "NotificationSettingsShowPreviewsSetting",
    "PendingPage",
    "PendingRequest",
    "Presentation",
    "Problem",
    "PromptAnswer",
    "PublishOnApNsChannelApnsPriority",
    "PublishOnApNsChannelApnsPushType",
    "PublishOnApNsChannelResponse400",
    "PublishOnApNsChannelResponse403",
    "PublishOnApNsChannelResponse413",
    "PushProvider",
    "PushSubscription",
    "PushSubscriptionList",
    "PushSubscriptionRemovedCall",
    "PushSubscriptionRemovedCallData",
    "PushSubscriptionRemovedCallDataReason",
    "PushSubscriptionRemovedCallType",
    "PushSubscriptionRequest",
    "PushSubscriptionRequestKeys",
    "PushToken",
    "PushTrigger",
    "ReadApNsChannelResponse400",
    "ReadApNsChannelResponse403",
    "ReceiptDelivery",
    "ReceiptDeliveryCounts",
    "ReceiptDeliveryDecision",
    "ReceiptDeliveryResponse",
    "ReceiptDevice",
    "ReceiptDeviceConfirmation",
    "ReceiptDeviceKind",
    "ReceiptStage",
    "ReceiptStep",
    "ReceiptStepKind",
    "Receipts",
    "RelayCredential",
    "RelayCredentialApns",
    "RelayCredentialFcm",
    "RelayCredentialList",
    "RemovedCall",
    "RemovedCallType",
    "RemovedEvent",
    "RemovedIdentifiers",
    "RemovedList",
    "RequestEvent",
    "ResponseCall",
    "ResponseCallType",
    "ResponseEvent",
    "ResponseResult",
    "ResponseResultContentExtension",
    "ScheduledSummary",
    "ScheduledSummaryGroupsItem",
    "ScheduledSummaryGroupsItemItemsItem",
    "SendPushApnsPriority",
    "SendPushApnsPushType",
    "SendPushResponse400",
    "SendPushResponse403",
    "SendPushResponse410",
    "SendPushResponse413",
    "ServiceExtension",
    "ServiceExtensionAnswer",
    "ServiceExtensionCall",
    "ServiceExtensionCallType",
    "SettingsChangedCall",
    "SettingsChangedCallType",
    "SettingsEvent",
    "Status",
    "StoredRequest",
    "StreamEventFrame",
    "StreamEventFrameEvent",
    "StreamEventType0",
    "StreamEventType1",
    "StreamEventType2",
    "StreamEventType3",
    "StreamEventType4",
    "StreamEventType4Event",
    "StreamEventType5",
    "StreamEventType6",
    "StreamReset",
    "StreamResetReason",
    "StringTable",
    "StringTableStrings",
    "SubscribedBrowser",
    "SubscriberPage",
    "SummaryDeliveredCall",
    "SummaryDeliveredCallData",
    "SummaryDeliveredCallType",
    "TimeIntervalTrigger",
    "Topic",
    "TopicList",
    "TopicPage",
    "UpdateApp",
    "WebPushKey",
    "WebPushKeyList",
    "WebPushKeyListKeysItem",
    "WebPushPayload",
    "WebPushPayloadActionsItem",
    "WebPushPayloadActionsItemInput",
    "WebPushPayloadKind",
    "WebPushRemoval",
    "WebPushRenewal",
    "WebPushResponse",
    "WebhookEventType",
    "WebhookSettings",
    "WebhookSettingsView",
    "WebhookSettingsViewSecretsItem",
    "WillPresentAnswer",
    "WillPresentAnswerOptionsItem",
    "WillPresentCall",
    "WillPresentCallType",
)
