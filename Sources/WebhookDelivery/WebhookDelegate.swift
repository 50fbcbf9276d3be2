import Clocks
import Foundation
import HTTPCore
import HTTPTypes
import Media
import NotificationCore
import NotificationService
import OutboundHTTP
import Outbox
import Scheduling
import Storage
import Webhooks

/// The app's delegate as webhooks, where it answers synchronously: `willPresent` and the two
/// extensions are signed calls answered within the app's deadlines. (Asynchronous events are written to
/// the outbox by the store, with the change they report, and delivered by the `OutboxDispatcher`.)
package final class WebhookDelegate: CenterDelegate {
    private let store: any WebhookStore
    private let clock: any SchedulerClock
    private let sender: OutboundHTTPClient
    /// The signatures' timestamps: receivers check them against their own clocks.
    private let wallClock: any WallClock
    /// Resolves the attachments a service extension returns; nil: such content is not accepted.
    private let media: MediaLibrary?

    package init(
        store: any WebhookStore, clock: any SchedulerClock, sender: OutboundHTTPClient, media: MediaLibrary? = nil,
        wallClock: any WallClock = SystemClock()
    ) {
        self.wallClock = wallClock
        self.media = media
        self.store = store
        self.clock = clock
        self.sender = sender
    }

    /// POSTs `notification.willPresent` (`data`: the center and the request) to the delegate URL and
    /// reads `{"options": ["banner", "list", "sound", "badge"]}` (`alert` means banner and list) from a
    /// 2xx answer. Anything else — no answer within `willPresentTimeout`, another status, another body —
    /// is the framework's "not presented", with the reason.
    package func willPresent(_ request: NotificationRequest, center: CenterRecord, at date: Date) async -> ForegroundDecision {
        guard let configuration = try? await store.webhookConfiguration(appID: center.appID), let url = configuration.delegateURL else {
            return .noDelegate
        }
        let outcome = await call(
            url, type: "notification.willPresent", data: .request(centerID: center.id, request: request), at: date,
            timeout: configuration.willPresentTimeout, configuration: configuration)
        guard let status = outcome.status else { return .delegateFailed(reason: outcome.error ?? "no answer") }
        guard (200..<300).contains(status) else { return .delegateFailed(reason: "HTTP \(status)") }
        guard let answer = try? JSONDecoder().decode(WillPresentAnswer.self, from: Data(outcome.body)) else {
            return .delegateFailed(reason: "the answer is not {\"options\": [...]}")
        }
        var options: Set<PresentationOption> = []
        for name in answer.options {
            guard let option = PresentationOption(rawValue: name) else { return .delegateFailed(reason: "unknown option '\(name)'") }
            options.insert(option)
        }
        return .delegate(options)
    }

    /// POSTs `notification.contentExtension` (`data`: the center, the action, the text, the notification)
    /// to the extension registered for the category and reads `{"option": "doNotDismiss" | "dismiss" |
    /// "dismissAndForwardAction"}`. Without an answer in time the response goes on as
    /// `dismissAndForwardAction`, so that the app still learns of it.
    package func contentExtension(
        _ response: NotificationResponse, notification: DeliveredNotification, center: CenterRecord
    ) async -> ContentExtensionResponseOption? {
        guard let configuration = try? await store.webhookConfiguration(appID: center.appID),
            let contentExtension = configuration.contentExtension(for: notification.request.content.categoryIdentifier)
        else { return nil }
        let data = WebhookMessage.Payload.response(centerID: center.id, response, notification: notification)
        let outcome = await call(
            contentExtension.url, type: "notification.contentExtension", data: data, at: clock.now, timeout: contentExtension.timeout,
            configuration: configuration)
        guard let answer = Self.decode(ContentExtensionAnswer.self, from: outcome) else { return .dismissAndForwardAction }
        return answer.option
    }

    /// POSTs `notification.serviceExtension` (`data`: the center and the request) and reads
    /// `{"content": {…}}` — a whole `NotificationContent`, validated like any — from a 2xx answer within
    /// the extension's timeout. Otherwise, or when the new content has no alert text, nil: the original
    /// is delivered (`serviceExtensionTimeWillExpire`).
    package func serviceExtension(_ request: NotificationRequest, center: CenterRecord) async -> NotificationContent? {
        guard let configuration = try? await store.webhookConfiguration(appID: center.appID),
            let serviceExtension = configuration.serviceExtension
        else { return nil }
        let outcome = await call(
            serviceExtension.url, type: "notification.serviceExtension", data: .request(centerID: center.id, request: request),
            at: clock.now, timeout: serviceExtension.timeout, configuration: configuration)
        guard var content = Self.decode(ServiceExtensionAnswer.self, from: outcome)?.content else { return nil }
        content.mutableContent = request.content.mutableContent
        guard (try? content.validate()) != nil, content.hasAlertText else { return nil }
        // Its attachments are checked (and URLs fetched) after the extension finishes; any that fails
        // means the original content, as with other invalid changes.
        guard let media else { return content.attachments?.isEmpty == false ? nil : content }
        return try? await media.resolve(content, appID: center.appID, at: clock.now)
    }

    /// One synchronous call: the envelope, signed with every secret, posted within `timeout` seconds.
    private func call(
        _ url: String, type: String, data: WebhookMessage.Payload, at date: Date, timeout: Double, configuration: WebhookConfiguration
    ) async -> AttemptOutcome {
        let body: [UInt8]
        do {
            body = try WebhookMessage.body(type: type, at: date, data: data)
        } catch {
            return AttemptOutcome(status: nil, headers: [], body: [], error: "the call could not be encoded", duration: .zero)
        }
        var headers = WebhookSignature.headers(
            id: WebhookMessage.newID(), timestamp: Int(wallClock.now.timeIntervalSince1970), body: body,
            secrets: configuration.signingSecrets)
        // The trace of the call that added the request being fired.
        if let traceparent = TraceContext.traceparent { headers[.traceparent] = traceparent }
        return await sender.post(url, body: body, headers: headers, timeout: .milliseconds(Int(timeout * 1000)))
    }

    /// The answer of a 2xx response, if it decodes.
    private static func decode<T: Decodable>(_ type: T.Type, from outcome: AttemptOutcome) -> T? {
        guard let status = outcome.status, (200..<300).contains(status) else { return nil }
        return try? JSONDecoder().decode(type, from: Data(outcome.body))
    }

    private struct ServiceExtensionAnswer: Decodable {
        var content: NotificationContent
    }

    private struct ContentExtensionAnswer: Decodable {
        var option: ContentExtensionResponseOption
    }

    private struct WillPresentAnswer: Decodable {
        var options: [String]
    }
}
