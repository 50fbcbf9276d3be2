import Foundation
import HTTPCore
import NotificationCore
import Storage
import StrictJSON

/// What a service worker gets in a push (the decrypted body), made from the outbox message when it is
/// sent: a notification to show — the framework's content and its category's actions mapped onto the
/// web's `showNotification` options, with a token to answer it — or the identifiers of notifications to
/// close, because they left the list (removed by the app, or answered on another device).
package struct WebPushPayload: Encodable, Sendable, Equatable {
    package enum Kind: String, Encodable, Sendable {
        case notification, close
    }

    /// One of the category's actions, in order; a worker shows the first `Notification.maxActions`.
    package struct Action: Encodable, Sendable, Equatable {
        /// The action's identifier, which the worker posts back as `actionIdentifier`.
        package var action: String
        package var title: String
        package var destructive: Bool?
        /// Opens the app (the console) rather than answering in the background.
        package var foreground: Bool?
        /// A text-input action: browsers have no inline reply, so the worker opens a reply page.
        package var input: NotificationAction.TextInput?
    }

    package var kind: Kind
    /// The request identifier: the notification's `tag`, so that an update replaces it (`renotify`).
    package var tag: String?
    /// `close`: the identifiers to close.
    package var tags: [String]?
    package var centerID: String
    package var title: String?
    package var subtitle: String?
    package var body: String?
    package var badge: Int?
    package var thread: String?
    /// A path under the service's origin that serves the attachment's image without credential (signed,
    /// expiring).
    package var image: String?
    /// The delivery's date, ms since 1970.
    package var timestamp: Int64?
    package var silent: Bool?
    package var requireInteraction: Bool?
    package var actions: [Action]?
    /// The category asks for the dismiss action (`customDismissAction`): the worker posts it on close.
    package var dismissAction: Bool?
    /// Answers this delivery, once, without other credential (`POST /v1/web-push/responses`), and confirms
    /// its display, once (`POST /v1/displays`).
    package var token: String?

    /// The payload of a delivered notification.
    package static func notification(
        _ delivered: DeliveredNotification, centerID: String, category: NotificationCategory?, token: String, image: String?
    ) -> WebPushPayload {
        let content = delivered.request.content
        let level = delivered.level
        return WebPushPayload(
            kind: .notification, tag: delivered.request.identifier, centerID: centerID, title: content.title, subtitle: content.subtitle,
            body: content.body, badge: delivered.presentation.badge ? content.badge : nil, thread: content.threadIdentifier, image: image,
            timestamp: Int64((delivered.date.timeIntervalSince1970 * 1000).rounded()), silent: delivered.presentation.sound ? nil : true,
            requireInteraction: level == .timeSensitive || level == .critical ? true : nil,
            actions: category.map { category in
                category.actions.map { action in
                    Action(
                        action: action.identifier, title: action.title, destructive: action.options.contains(.destructive) ? true : nil,
                        foreground: action.options.contains(.foreground) ? true : nil, input: action.textInput)
                }
            },
            dismissAction: category?.options.contains(.customDismissAction) == true ? true : nil, token: token)
    }

    /// The payload that closes notifications that left the list.
    package static func close(_ identifiers: [String], centerID: String) -> WebPushPayload {
        WebPushPayload(kind: .close, tags: identifiers, centerID: centerID)
    }

    /// The JSON, within what one padded push holds: a notification too large loses its image and
    /// actions, then the end of its body, rather than not arriving.
    package func bytes(limit: Int) -> [UInt8] {
        var bytes = json
        guard bytes.count > limit else { return bytes }
        var smaller = self
        smaller.image = nil
        smaller.actions = nil
        bytes = smaller.json
        while bytes.count > limit, let body = smaller.body, !body.isEmpty {
            smaller.body = String(body.prefix(max(0, body.count - max(16, (bytes.count - limit) / 2)))) + "…"
            if smaller.body == "…" { smaller.body = nil }
            bytes = smaller.json
        }
        guard bytes.count <= limit else { return WebPushPayload(kind: kind, tag: tag, tags: tags, centerID: centerID).json }
        return bytes
    }

    /// What `WireFormat.bytes(self)` writes (its keys sorted, nil fields left out), written directly:
    /// `JSONEncoder` was ~3 % of a push's CPU.
    package var json: [UInt8] {
        var writer = JSONWriter()
        writer.object { payload in
            if let actions {
                payload.objects("actions", actions) { object, action in
                    object.field("action", action.action)
                    if let destructive = action.destructive { object.field("destructive", destructive) }
                    if let foreground = action.foreground { object.field("foreground", foreground) }
                    if let input = action.input {
                        object.object("input") { fields in
                            fields.field("buttonTitle", input.buttonTitle)
                            fields.field("placeholder", input.placeholder)
                        }
                    }
                    object.field("title", action.title)
                }
            }
            if let badge { payload.field("badge", badge) }
            if let body { payload.field("body", body) }
            payload.field("centerID", centerID)
            if let dismissAction { payload.field("dismissAction", dismissAction) }
            if let image { payload.field("image", image) }
            payload.field("kind", kind.rawValue)
            if let requireInteraction { payload.field("requireInteraction", requireInteraction) }
            if let silent { payload.field("silent", silent) }
            if let subtitle { payload.field("subtitle", subtitle) }
            if let tag { payload.field("tag", tag) }
            if let tags { payload.field("tags", tags) }
            if let thread { payload.field("thread", thread) }
            if let timestamp { payload.field("timestamp", timestamp) }
            if let title { payload.field("title", title) }
            if let token { payload.field("token", token) }
        }
        return writer.bytes
    }
}
