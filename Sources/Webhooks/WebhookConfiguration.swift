import ErrorCodes

/// An app's delegate as webhooks (`UNUserNotificationCenterDelegate` and its extensions), as the app
/// sets it with `PUT /v1/webhooks`.
package struct WebhookConfiguration: Codable, Sendable, Hashable {
    /// Receives `willPresent` (synchronously, while the center is in the foreground) and the
    /// asynchronous events through the outbox (`didReceive` and the others).
    package var delegateURL: String?
    /// Seconds `willPresent` may take; past it the notification is not presented (the framework's rule).
    package var willPresentTimeout: Double
    /// The service extension: may change the content of requests with `mutableContent` before delivery.
    package var serviceExtension: ServiceExtension?
    /// Content extensions (`UNNotificationExtensionCategory`): asked first about responses to their categories.
    package var contentExtensions: [ContentExtension]
    /// Signing secrets (`whsec_…`); every call is signed with each, so one can be rotated at a time.
    /// Write-only: the API shows each by its id and prefix, and an update keeps one by giving its id.
    package var secrets: [String]
    /// The body left `secrets` out: an update keeps the secrets set now (not stored).
    package var secretsOmitted = false
    /// Which asynchronous events go to the delegate.
    package var events: Set<WebhookEventType>
    /// Seconds between attempts after each failure (the Standard Webhooks schedule by default).
    package var retryDelays: [Double]

    package struct ServiceExtension: Codable, Sendable, Hashable {
        package var url: String
        /// Seconds it may take (the framework gives about 30); past it the original content is delivered.
        package var timeout: Double

        package init(url: String, timeout: Double = 30) {
            self.url = url
            self.timeout = timeout
        }

        private enum CodingKeys: String, CodingKey { case url, timeout }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = try container.decode(String.self, forKey: .url)
            timeout = try container.decodeIfPresent(Double.self, forKey: .timeout) ?? 30
        }
    }

    package struct ContentExtension: Codable, Sendable, Hashable {
        package var url: String
        package var categories: [String]
        /// Seconds the extension may take; past it the response goes on as `dismissAndForwardAction`.
        package var timeout: Double

        package init(url: String, categories: [String], timeout: Double = 5) {
            self.url = url
            self.categories = categories
            self.timeout = timeout
        }

        private enum CodingKeys: String, CodingKey { case url, categories, timeout }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            url = try container.decode(String.self, forKey: .url)
            categories = try container.decode([String].self, forKey: .categories)
            timeout = try container.decodeIfPresent(Double.self, forKey: .timeout) ?? 5
        }
    }

    package init(
        delegateURL: String? = nil, willPresentTimeout: Double = 2, serviceExtension: ServiceExtension? = nil,
        contentExtensions: [ContentExtension] = [], secrets: [String] = [],
        events: Set<WebhookEventType> = WebhookEventType.standard, retryDelays: [Double] = RetrySchedule.standard
    ) {
        self.delegateURL = delegateURL
        self.willPresentTimeout = willPresentTimeout
        self.serviceExtension = serviceExtension
        self.contentExtensions = contentExtensions
        self.secrets = secrets
        self.events = events
        self.retryDelays = retryDelays
    }

    private enum CodingKeys: String, CodingKey {
        case delegateURL, willPresentTimeout, serviceExtension, contentExtensions, secrets, events, retryDelays
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        delegateURL = try container.decodeIfPresent(String.self, forKey: .delegateURL)
        willPresentTimeout = try container.decodeIfPresent(Double.self, forKey: .willPresentTimeout) ?? 2
        serviceExtension = try container.decodeIfPresent(ServiceExtension.self, forKey: .serviceExtension)
        contentExtensions = try container.decodeIfPresent([ContentExtension].self, forKey: .contentExtensions) ?? []
        let secrets = try container.decodeIfPresent([String].self, forKey: .secrets)
        self.secrets = secrets ?? []
        secretsOmitted = secrets == nil
        events = try container.decodeIfPresent(Set<WebhookEventType>.self, forKey: .events) ?? WebhookEventType.standard
        retryDelays = try container.decodeIfPresent([Double].self, forKey: .retryDelays) ?? RetrySchedule.standard
    }

    /// Makes an update's `secrets` the secrets to store: each entry is a new secret (`whsec_…`) or the
    /// id of one in `stored` (`whsk_…`, kept); no `secrets` at all keeps every stored one.
    package mutating func resolveSecrets(keeping stored: [String]) throws(WebhookConfigurationError) {
        defer { secretsOmitted = false }
        if secretsOmitted {
            secrets = stored
            return
        }
        var byID: [String: String] = [:]
        for text in stored { if let secret = try? WebhookSecret(text) { byID[secret.id] = text } }
        var resolved: [String] = []
        for entry in secrets {
            if entry.hasPrefix(WebhookSecret.prefix) {
                resolved.append(entry)
            } else if let kept = byID[entry] {
                resolved.append(kept)
            } else {
                let known = byID.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
                throw WebhookConfigurationError(
                    .unknownWebhookSecret,
                    "'\(entry.prefix(40))' is neither a new secret (whsec_…) nor the id of a secret set now"
                        + (known.isEmpty ? " (none is)." : " (\(known))."))
            }
        }
        secrets = resolved
    }

    /// The parsed secrets.
    package var signingSecrets: [WebhookSecret] { secrets.compactMap { try? WebhookSecret($0) } }

    package var retrySchedule: RetrySchedule { RetrySchedule(delays: retryDelays) }

    /// The content extension for a category, if one is registered for it.
    package func contentExtension(for category: String?) -> ContentExtension? {
        guard let category else { return nil }
        return contentExtensions.first { $0.categories.contains(category) }
    }

    /// Every URL with the field it came from.
    package var urls: [(field: String, url: String)] {
        (delegateURL.map { [("delegateURL", $0)] } ?? []) + (serviceExtension.map { [("serviceExtension.url", $0.url)] } ?? [])
            + contentExtensions.enumerated().map { ("contentExtensions[\($0.offset)].url", $0.element.url) }
    }

    /// Checks everything but the URLs (the caller checks each of `urls` against the SSRF guard).
    package func validate() throws(WebhookConfigurationError) {
        guard urls.isEmpty || !secrets.isEmpty else {
            throw WebhookConfigurationError(
                .missingWebhookSecret, "Give at least one signing secret (`secrets`: [\"whsec_…\"]) with any URL.")
        }
        guard secrets.count <= 5 else {
            throw WebhookConfigurationError(.invalidWebhookSecret, "At most 5 secrets at once (rotation needs two).")
        }
        for secret in secrets { _ = try WebhookSecret(secret) }
        // Together under the scheduler's 60 s claim lease, so that a firing waiting on them is never claimed twice.
        guard (0.1...10).contains(willPresentTimeout) else {
            throw WebhookConfigurationError(.invalidTimeout, "`willPresentTimeout` must be from 0.1 to 10 seconds.")
        }
        if let serviceExtension, !(1...30).contains(serviceExtension.timeout) {
            throw WebhookConfigurationError(.invalidTimeout, "`serviceExtension.timeout` must be from 1 to 30 seconds.")
        }
        var seen: Set<String> = []
        for (index, contentExtension) in contentExtensions.enumerated() {
            guard (0.1...30).contains(contentExtension.timeout) else {
                throw WebhookConfigurationError(.invalidTimeout, "`contentExtensions[\(index)].timeout` must be from 0.1 to 30 seconds.")
            }
            guard !contentExtension.categories.isEmpty else {
                throw WebhookConfigurationError(.invalidContentExtension, "`contentExtensions[\(index)].categories` must name a category.")
            }
            for category in contentExtension.categories where !seen.insert(category).inserted {
                throw WebhookConfigurationError(
                    .invalidContentExtension, "Category '\(category)' has two content extensions; give each category one.")
            }
        }
        guard (1...20).contains(retryDelays.count), retryDelays.allSatisfy({ (1...604_800).contains($0) }) else {
            throw WebhookConfigurationError(
                .invalidRetrySchedule, "`retryDelays` must list 1 to 20 delays of 1 s to 7 days each.")
        }
    }
}

/// The asynchronous events (Standard Webhooks `type`s) an app can receive.
package enum WebhookEventType: String, Codable, Sendable, Hashable, CaseIterable {
    /// `didReceive`: the user responded to a notification.
    case notificationResponse = "notification.response"
    /// The user answered the authorization prompt.
    case authorizationChanged = "authorization.changed"
    /// The user changed the notification settings (`openSettingsFor`'s purpose).
    case settingsChanged = "settings.changed"
    /// The user removed (dismissed) a delivered notification.
    case notificationRemoved = "notification.removed"
    /// A background push (`content-available` only) reached the center: the app's
    /// `didReceiveRemoteNotification`; nothing was shown to the user.
    case backgroundPush = "push.background"
    /// A notification was delivered to the center (once per firing, also in the background). Opt-in:
    /// it is the busiest event, so it is sent only to an app that lists it.
    case notificationDelivered = "notification.delivered"
    /// A browser's Web Push subscription was removed: its push service answered that it is gone.
    case pushSubscriptionRemoved = "webpush.subscription.removed"
    /// A phone's registration was removed: APNs or FCM answered that its token no longer reaches the app.
    case deviceUnregistered = "device.unregistered"
    /// A browser or phone confirmed that it showed a notification. Opt-in, like `notification.delivered`.
    case notificationDisplayed = "notification.displayed"
    /// A notification was held for the user's Scheduled Summary (its `presentation.heldUntil` says when
    /// the summary comes): an app can say "arrives in your 18:00 summary".
    case notificationHeld = "notification.held"
    /// A Scheduled Summary was delivered: its groups and items, highest relevance first.
    case summaryDelivered = "summary.delivered"
    /// A broadcast finished: every member's firing came (its counts say what each decided).
    case broadcastCompleted = "broadcast.completed"

    /// What an app gets when it does not list `events`: everything but the opt-in `notification.delivered`
    /// and `notification.displayed`.
    package static let standard: Set<WebhookEventType> = Set(allCases).subtracting([.notificationDelivered, .notificationDisplayed])
}
