import NotificationCore

/// What happens in a center that its user (event stream) and, later, its app (webhooks) hear about.
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
}

/// Receives center events; the API turns them into Server-Sent Events.
package protocol CenterEventSink: Sendable {
    func publish(_ event: CenterEvent, centerID: String)
}

/// Drops every event.
package struct DiscardingEventSink: CenterEventSink {
    package init() {}
    package func publish(_ event: CenterEvent, centerID: String) {}
}
