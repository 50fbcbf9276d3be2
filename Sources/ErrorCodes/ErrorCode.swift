/// Every `code` an error response can carry, with its meaning: the one catalogue of the service's errors.
///
/// A problem's `code` is what a client switches on; `detail` says what to fix in words. The framework's
/// `UNError` names are used where one fits, APNs' reasons on the APNs-compatible endpoint, else a name of
/// ours. openapi.yaml's `ErrorCode` schema lists the same codes and meanings (a test keeps the two
/// equal): add a code here and there together. A code, once shipped, keeps its meaning.
package enum ErrorCode: String, CaseIterable, Sendable {
    // MARK: the request itself
    case malformedRequest
    case malformedJSON
    case duplicateField
    case unknownField
    case missingField
    case invalidField
    case invalidParameter
    case invalidPath
    case invalidQuery
    case unsupportedMediaType
    case payloadTooLarge
    case methodNotAllowed
    case methodNotImplemented
    case notFound
    case ambiguousBodyLength
    case unsupportedTransferCoding
    case rangeNotSatisfiable

    // MARK: credentials and limits
    case unauthorized
    case forbidden
    case originNotAllowed
    case rateLimited
    case invalidIdempotencyKey
    case idempotencyKeyInUse
    case idempotencyKeyReused

    // MARK: the service's state
    case notReady
    case shuttingDown
    case storageUnavailable
    case insufficientStorage
    case tooManyUploads
    case conflict
    case internalError

    // MARK: apps, centers and the operator
    case appNotFound
    case keyNotFound
    case centerExists
    case centerNotFound
    case invalidIdentifier
    case invalidName
    case invalidLocale
    case invalidStringTable
    case localeNotFound
    case invalidTimeZone
    case invalidLocation
    case virtualClockOff
    case invalidClockChange

    // MARK: authorization and settings
    case notificationsNotAllowed
    case noOpenPrompt
    case invalidSettings

    // MARK: notification requests
    case invalidContent
    case invalidTrigger
    case invalidTimeInterval
    case invalidDateComponents
    case invalidRegion
    case invalidSound
    case invalidAttachment
    case invalidCategory
    case badgeInputInvalid
    case notificationInvalidNoDate
    case pendingLimitReached
    case notificationNotFound

    // MARK: responses
    case unknownAction
    case userTextRequired
    case userTextNotAllowed
    case userTextTooLong
    case authenticationRequired

    // MARK: attachments
    case attachmentInvalidURL
    case attachmentInvalidFileSize
    case attachmentUnrecognizedType
    case attachmentCorrupt
    case attachmentNotInDataStore
    case attachmentMoveIntoDataStoreFailed
    case attachmentNotFound

    // MARK: Web Push
    case invalidPushSubscription
    case pushServiceNotAllowed
    case pushSubscriptionLimitReached
    case pushSubscriptionNotFound
    case invalidResponseToken
    case displayAlreadyConfirmed
    case invalidSubscriptionToken

    // MARK: relays to phones
    case invalidRelayCredential
    case relayCredentialNotFound
    case invalidDeviceToken
    case deviceLimitReached
    case deviceRegistrationNotFound

    // MARK: webhooks
    case invalidWebhookURL
    case webhookURLRefused
    case invalidWebhookSecret
    case missingWebhookSecret
    case unknownWebhookSecret
    case invalidTimeout
    case invalidRetrySchedule
    case invalidContentExtension
    case deliveryNotFound
    case endpointNotDisabled

    // MARK: topics and broadcasts
    case topicNotFound
    case topicExists
    case topicLimitReached
    case invalidAudience
    case broadcastTriggerNotSupported
    case broadcastNotFound

    // MARK: the APNs-compatible endpoint (APNs' own reasons)
    case badDeviceToken = "BadDeviceToken"
    case badCollapseId = "BadCollapseId"
    case badExpirationDate = "BadExpirationDate"
    case badMessageId = "BadMessageId"
    case badPriority = "BadPriority"
    case badPayload = "BadPayload"
    case duplicateHeaders = "DuplicateHeaders"
    case invalidPushType = "InvalidPushType"
    case missingTopic = "MissingTopic"
    case payloadEmpty = "PayloadEmpty"
    case apnsPayloadTooLarge = "PayloadTooLarge"
    case topicDisallowed = "TopicDisallowed"
    case missingProviderToken = "MissingProviderToken"
    case invalidProviderToken = "InvalidProviderToken"
    case unregistered = "Unregistered"
    // Apple's broadcast channels (`/1/apps/{bundle}/channels`, `/4/broadcasts/apps/{bundle}`)
    case topicMismatch = "TopicMismatch"
    case missingChannelId = "MissingChannelId"
    case badChannelId = "BadChannelId"
    case channelNotRegistered = "ChannelNotRegistered"
    case cannotCreateChannelConfig = "CannotCreateChannelConfig"
    case badMessageStoragePolicy = "BadMessageStoragePolicy"
    case missingPushType = "MissingPushType"

    /// What the code means and what a client does about it: the text openapi.yaml carries.
    package var meaning: String {
        switch self {
        case .malformedRequest: "The request is not well-formed HTTP for this API (e.g. a header it cannot use)."
        case .malformedJSON: "The body is not JSON (RFC 8259); the detail gives the byte offset."
        case .duplicateField: "An object names the same member twice."
        case .unknownField: "An object has a member the operation does not know; check its spelling."
        case .missingField: "A required member is missing."
        case .invalidField: "A member has the wrong type or is null."
        case .invalidParameter: "A path or query parameter is out of range or not of its type."
        case .invalidPath: "The path holds a control character or an escape that is not UTF-8."
        case .invalidQuery: "The query holds a control character or an escape that is not UTF-8."
        case .unsupportedMediaType: "The body's Content-Type is not one the operation takes."
        case .payloadTooLarge: "The body is larger than the operation allows; the detail says how large it may be."
        case .methodNotAllowed: "The path exists but not with this method; `Allow` lists the methods."
        case .methodNotImplemented: "The method is not one the server knows (RFC 9110's methods, PATCH and QUERY): no path serves it."
        case .notFound: "Nothing is served at this path, or what a change needs is gone."
        case .ambiguousBodyLength: "The request carries both Content-Length and Transfer-Encoding."
        case .unsupportedTransferCoding: "The request uses a transfer coding other than chunked."
        case .rangeNotSatisfiable: "The Range lies outside the file; Content-Range gives its size."
        case .unauthorized: "No credential, or one that is not valid: send `Authorization: Bearer …`."
        case .forbidden: "The credential is valid but not for this operation or this resource."
        case .originNotAllowed:
            "A browser asked whether a web app on this origin may call the API; the operator has not allowed it (--cors-allowed-origins)."
        case .rateLimited: "The principal sent more requests than its limit; wait for `Retry-After` seconds."
        case .invalidIdempotencyKey: "The Idempotency-Key is not 1 to 255 visible ASCII characters."
        case .idempotencyKeyInUse: "A request with this Idempotency-Key is still running; retry after it ends."
        case .idempotencyKeyReused: "The Idempotency-Key was used with a different request; use a new key."
        case .notReady: "The service is starting (storage opening); retry after `Retry-After`."
        case .shuttingDown: "The service is stopping; retry on another replica or after it restarts."
        case .storageUnavailable: "The database cannot be reached; retry after `Retry-After`. Nothing was written."
        case .insufficientStorage: "The database's disk is full. Nothing was written."
        case .tooManyUploads: "Too many uploads are in progress at once; retry after `Retry-After`."
        case .conflict: "The change conflicts with another made at the same time; read again and retry."
        case .internalError: "A bug in the service; the log has the details. Report it."
        case .appNotFound: "No app has this id."
        case .keyNotFound: "The app has no API key with this id."
        case .centerExists: "The app already has a center with this id; choose another."
        case .centerNotFound: "The app has no center with this id."
        case .invalidIdentifier: "An id is not 1 to 64 letters, digits, '.', '_' or '-' (a request identifier: 1 to 255 characters)."
        case .invalidName: "A name is empty, longer than 200 characters or holds a control character."
        case .invalidLocale: "Not a language tag such as en, de-CH or pt_BR."
        case .invalidStringTable: "A string table has too many strings, an invalid key or a value too long."
        case .localeNotFound: "The app has no string table for this locale."
        case .invalidTimeZone: "Not an IANA time zone name such as Europe/Zurich."
        case .invalidLocation: "A location needs latitude -90…90 and longitude -180…180."
        case .virtualClockOff: "The clock is the system's; start usernotifyd with --virtual-clock 1 to move it."
        case .invalidClockChange: "Send either `now` or `advanceBy` (0 or more seconds), and not past year 9999."
        case .notificationsNotAllowed: "UNErrorCode.notificationsNotAllowed: the user has not authorized notifications for this center."
        case .noOpenPrompt: "There is no authorization prompt to answer; the app asks first."
        case .invalidSettings: "A setting cannot take this value (authorization: authorized or denied; others: enabled or disabled)."
        case .invalidContent: "A member of `content` is out of its bounds; the detail names it."
        case .invalidTrigger: "The trigger cannot be scheduled (push triggers come only through the push endpoint)."
        case .invalidTimeInterval: "`timeInterval` must be above 0 (at least 60 when repeating) and at most 100 years."
        case .invalidDateComponents: "The date components name no date, or one that never occurs."
        case .invalidRegion: "The region's center, radius, identifier or notify flags are out of bounds."
        case .invalidSound: "The sound's name or volume is out of bounds."
        case .invalidAttachment: "An attachment reference is out of bounds (identifier, options, count)."
        case .invalidCategory: "A category or action is invalid (identifier, title, count, reserved identifier)."
        case .badgeInputInvalid: "UNErrorCode.badgeInputInvalid: the badge must be from 0 to its maximum."
        case .notificationInvalidNoDate: "UNErrorCode.notificationInvalidNoDate: the calendar trigger matches no date after now."
        case .pendingLimitReached: "The center holds the most pending requests it may (64 in the framework's default)."
        case .notificationNotFound: "No delivered notification has this identifier in the center."
        case .unknownAction: "The response names an action the notification's category does not have."
        case .userTextRequired: "A text-input action's response needs `userText`."
        case .userTextNotAllowed: "`userText` is only for text-input actions."
        case .userTextTooLong: "A reply's `userText` is longer than 4000 characters (Unicode code points)."
        case .authenticationRequired: "The action requires an unlocked device; the response says it was locked."
        case .attachmentInvalidURL:
            "UNErrorCode.attachmentInvalidURL: the attachment's URL cannot be fetched, or the reference names neither a file nor a URL."
        case .attachmentInvalidFileSize: "UNErrorCode.attachmentInvalidFileSize: the file is empty or larger than its type allows."
        case .attachmentUnrecognizedType:
            "UNErrorCode.attachmentUnrecognizedType: the content is not a supported image, audio or video type."
        case .attachmentCorrupt: "UNErrorCode.attachmentCorrupt: the content starts as a supported type but is damaged."
        case .attachmentNotInDataStore: "UNErrorCode.attachmentNotInDataStore: no uploaded file has this media id for this app."
        case .attachmentMoveIntoDataStoreFailed:
            "UNErrorCode.attachmentMoveIntoDataStoreFailed: the file could not be stored (the app's quota is full, or the disk)."
        case .attachmentNotFound: "The notification has no attachment with this identifier."
        case .invalidPushSubscription:
            "A push subscription needs an https `endpoint` and `keys.p256dh` (a P-256 point, 65 bytes) and `keys.auth` (16 bytes), base64url."
        case .pushServiceNotAllowed:
            "The endpoint is not on a known push service; the operator can add one (--web-push-allowed-services)."
        case .pushSubscriptionLimitReached: "The center has the most push subscriptions it may; remove one first."
        case .pushSubscriptionNotFound: "The center has no push subscription with this id."
        case .invalidResponseToken:
            "The response token is unknown, expired, already used, or not for this notification and action."
        case .displayAlreadyConfirmed: "The push's display was confirmed already: a token confirms one display, once."
        case .invalidSubscriptionToken:
            "The subscription token (a browser worker's) is unknown, expired, or its subscription was replaced or removed."
        case .invalidRelayCredential:
            "An APNs credential needs a P-256 .p8 key's PEM, its 10-character key id and team id, and the bundle id; an FCM one a service account's JSON with its RSA key."
        case .relayCredentialNotFound: "The app has no credential for this push provider."
        case .invalidDeviceToken:
            "A device token is an APNs token in hex (64 to 200 digits) or an FCM registration token (32 to 4096 letters, digits, '-', '_', ':')."
        case .deviceLimitReached: "The center has the most device registrations it may; remove one first."
        case .deviceRegistrationNotFound: "The center has no device registration with this id."
        case .invalidWebhookURL: "A webhook URL is not an http(s) URL with a host that resolves, or carries credentials."
        case .webhookURLRefused:
            "A webhook URL resolves to a private, loopback or reserved address; the operator can allow its network (--webhook-allow-networks)."
        case .invalidWebhookSecret: "A signing secret is not 'whsec_' and base64 of 24 to 64 bytes, or there are more than 5."
        case .missingWebhookSecret: "Webhook URLs need at least one signing secret."
        case .unknownWebhookSecret: "An entry of `secrets` is neither a new secret (whsec_…) nor the id of a secret set now."
        case .invalidTimeout: "A webhook timeout is outside its range."
        case .invalidRetrySchedule: "`retryDelays` must list 1 to 20 delays of 1 s to 7 days each."
        case .invalidContentExtension: "A content extension names no category, or a category has two."
        case .deliveryNotFound: "The app has no webhook message with this id."
        case .endpointNotDisabled: "The URL is not a disabled endpoint of this app."
        case .topicNotFound: "The app has no topic with this identifier."
        case .topicExists: "The app already has a topic with this identifier."
        case .topicLimitReached: "The app has the most topics it may (10,000), or the center is subscribed to the most (2,000)."
        case .invalidAudience: "A broadcast's audience must be one topic, 1 to 1,000 distinct center ids, or every center (`all`)."
        case .broadcastTriggerNotSupported:
            "A broadcast fires once per member: no trigger, a time interval or date components, not repeating."
        case .broadcastNotFound: "The app has no broadcast with this id."
        case .badDeviceToken: "APNs: the device token is not 64 hexadecimal digits or belongs to no center."
        case .badCollapseId: "APNs: `apns-collapse-id` is longer than 64 bytes."
        case .badExpirationDate: "APNs: `apns-expiration` is not a UNIX time."
        case .badMessageId: "APNs: `apns-id` is not a UUID."
        case .badPriority: "APNs: `apns-priority` is not 1, 5 or 10."
        case .badPayload: "APNs: the payload is not an APNs payload usernotifyd can present."
        case .duplicateHeaders: "APNs: a header was sent more than once."
        case .invalidPushType: "APNs: `apns-push-type` is not one APNs knows."
        case .missingTopic: "APNs: `apns-topic` is required for this key."
        case .payloadEmpty: "APNs: the body is empty."
        case .apnsPayloadTooLarge: "APNs: the payload is larger than 4096 bytes (5120 for VoIP)."
        case .topicDisallowed: "APNs: the topic is not the app's."
        case .missingProviderToken: "APNs: no `authorization: bearer` provider token."
        case .invalidProviderToken: "APNs: the provider token is not an API key of this app."
        case .unregistered: "APNs: the device token's center is gone; `timestamp` says since when."
        case .topicMismatch: "APNs channels: the bundle in the path is not the app's id."
        case .missingChannelId: "APNs channels: no `apns-channel-id` header."
        case .badChannelId: "APNs channels: `apns-channel-id` is not a channel id this service made."
        case .channelNotRegistered: "APNs channels: the app has no such channel (never made, or deleted)."
        case .cannotCreateChannelConfig: "APNs channels: the app has 10,000 topics and channels, the most it may; delete one first."
        case .badMessageStoragePolicy: "APNs channels: `message-storage-policy` is not 0 or 1."
        case .missingPushType: "APNs channels: no `apns-push-type` header (liveactivity or alert)."
        }
    }
}
