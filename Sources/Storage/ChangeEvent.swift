import Foundation
import NotificationCore
import StrictJSON

/// What a change tells, written in the change's own transaction so that it can never be lost apart from
/// it: the user hears of it on the center's event stream, the app through its delegate's webhooks.
package enum ChangeEvent: Sendable, Hashable {
    case user(CenterEvent)
    case app(DelegateEvent)
    /// The change was made by an answer from this browser or phone (a push subscription's or device
    /// registration's id): it is sent no close of what it answered — it closed it itself, and Apple asks for
    /// few background pushes.
    case answeredOn(destination: String)
    /// These notifications, removed by the change, were held for a Scheduled Summary and never shown: no
    /// browser or phone is sent a close of them.
    case neverShown([String])
    /// These notifications left the list to make room (`DeliveredList.perCenter`): as a device's
    /// Notification Center lets its oldest go, no browser or phone is sent a close of them.
    case droppedForRoom([String])
    /// Shown on the center's browsers and phones (a summary, and the notifications it releases).
    case push(DelegateEvent)
    /// A step of a delivery's receipt that no other event of the change implies (a display confirmed, a
    /// response); the firing, the outbox and removals write their own.
    case receipt(ReceiptEvent)
    /// The change spends a once-only token (remembered until it expires): if it was spent before, the
    /// whole change fails with `StoreError.conflict` and nothing of it is written.
    case tokenUsed(id: String, expiresAt: Date)
}

extension [ChangeEvent] {
    /// The identifiers of `deliveredRemoved` the devices are sent a close of: all but those never shown
    /// and those dropped for room.
    package func closed(_ identifiers: [String]) -> [String] {
        var unclosed: Set<String> = []
        for event in self {
            switch event {
            case .neverShown(let held): unclosed.formUnion(held)
            case .droppedForRoom(let dropped): unclosed.formUnion(dropped)
            default: continue
            }
        }
        return unclosed.isEmpty ? identifiers : identifiers.filter { !unclosed.contains($0) }
    }

    /// The destination the change's answer came from, if any (`ChangeEvent.answeredOn`).
    package var answeredOn: String? {
        lazy.compactMap { if case .answeredOn(let destination) = $0 { destination } else { nil } }.first
    }
}

/// What the user hears of on the center's event stream (Server-Sent Events).
package enum CenterEvent: Sendable, Hashable {
    /// A permission prompt opened; the user answers it.
    case authorizationPrompt(AuthorizationPrompt)
    /// The user answered the prompt or changed settings.
    case settingsChanged(NotificationSettings)
    /// A notification was delivered and presented (or deliberately not).
    case presented(DeliveredNotification)
    case badgeChanged(Int)
    /// Delivered notifications left the list (removed by the app, or dismissed by the user).
    case deliveredRemoved([String])
    /// Pending requests were removed.
    case pendingRemoved([String])
    /// A Scheduled Summary came with the notifications held for it (presented again quietly, each with
    /// its own `presented`).
    case summaryDelivered(ScheduledSummary)

    /// The event's name on the stream (`event:`).
    package var name: String {
        switch self {
        case .authorizationPrompt: "authorizationPrompt"
        case .settingsChanged: "settingsChanged"
        case .presented: Self.presentedName
        case .badgeChanged: "badgeChanged"
        case .deliveredRemoved: "deliveredRemoved"
        case .pendingRemoved: "pendingRemoved"
        case .summaryDelivered: "summaryDelivered"
        }
    }

    /// The event's `data`: JSON in the wire format, as `openapi.yaml`'s `StreamEvent` describes it.
    package func data() throws -> [UInt8] {
        switch self {
        case .authorizationPrompt(let prompt): return try WireFormat.bytes(prompt)
        case .settingsChanged(let settings): return try WireFormat.bytes(settings)
        case .presented(let delivered): return try WireFormat.bytes(delivered)
        case .badgeChanged(let badge): return try WireFormat.bytes(["badge": badge])
        case .deliveredRemoved(let identifiers), .pendingRemoved(let identifiers): return try WireFormat.bytes(["identifiers": identifiers])
        case .summaryDelivered(let summary): return try WireFormat.bytes(summary)
        }
    }
}

extension CenterEvent {
    /// The name of `.presented`.
    package static let presentedName = "presented"

    /// The data of `.presented(DeliveredNotification(date:request:presentation:))` from the stored forms
    /// of its request and presentation, which are their wire forms too (`StoredForm`): the bytes `data()`
    /// makes, without encoding the request again.
    package static func presentedData(date: Date, presentation: Data, request: Data) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(request.count + presentation.count + 64)
        bytes += #"{"date":""#.utf8
        bytes += WireFormat.timestamp(date).utf8
        bytes += #"","presentation":"#.utf8
        bytes += presentation
        bytes += #","request":"#.utf8
        bytes += request
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}

/// What the app's delegate (`UNUserNotificationCenterDelegate`, here webhooks) hears about.
package enum DelegateEvent: Sendable, Hashable {
    /// `didReceive`: the user's response, to forward to the app.
    case response(NotificationResponse, DeliveredNotification)
    /// The user answered the authorization prompt.
    case authorizationChanged(NotificationSettings)
    /// The user changed the settings.
    case settingsChanged(NotificationSettings)
    /// The user removed delivered notifications (dismissed them).
    case notificationRemoved([String])
    /// A background push reached the center (`didReceiveRemoteNotification`): for the app, not shown.
    case backgroundPush(NotificationRequest)
    /// A notification was delivered (written by the firing's transaction, once per firing); held for a
    /// Scheduled Summary when its presentation has `heldUntil`.
    case delivered(DeliveredNotification)
    /// A Scheduled Summary was delivered, with the notifications held for it.
    case summaryDelivered(ScheduledSummary)
    /// A browser's push subscription was removed without the center's asking: its push service said it is
    /// gone (`gone`), or the browser subscribed for another center of the app (`moved`: another user signed in).
    case pushSubscriptionRemoved(subscriptionID: String, endpoint: String, reason: String)
    /// A phone's registration was removed because its push provider said the token no longer reaches
    /// the app (APNs `Unregistered`, `BadDeviceToken`; FCM `UNREGISTERED`), or because the phone registered
    /// for another center of the app (`moved`).
    case deviceUnregistered(registrationID: String, provider: PushProvider, reason: String)
    /// A browser or phone confirmed that it showed a notification (the delivery of `deliveredAt`).
    case displayed(identifier: String, deliveredAt: Date, destination: String?)
}
