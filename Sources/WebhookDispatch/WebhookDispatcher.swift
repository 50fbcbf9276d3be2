import Foundation
import Logging
import Scheduling
import ServiceLifecycle
import Storage
import Webhooks

/// Delivers the outbox: claims due messages, posts each one signed (a fresh `webhook-timestamp` and
/// signatures on every attempt, the same `webhook-id`), and records the attempt and what it means —
/// delivered (2xx), retried on the app's schedule with jitter and never before a `Retry-After` (429,
/// 503…), aborted (`webhook-delivery: abort-message`), or the endpoint disabled (410) until the app
/// re-enables it. Runs on the scheduler's clock, so the virtual clock moves retries too. A message
/// claimed when the process died is tried again when its lease runs out: at least once, never lost.
package final class WebhookDispatcher: Service {
    private let store: any WebhookStore
    private let clock: any SchedulerClock
    private let sender: WebhookSender
    private let wake: WakeSignal
    private let logger: Logger
    private let random: @Sendable (ClosedRange<Double>) -> Double
    /// Messages claimed at once (attempted together, up to the sender's connections per endpoint).
    private let batchSize = 256
    /// How long a claim lasts: longer than any attempt may take.
    private let lease: TimeInterval = 60
    private let attemptTimeout: Duration = .seconds(15)

    package init(
        store: any WebhookStore, clock: any SchedulerClock, sender: WebhookSender, wake: WakeSignal, logger: Logger,
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) {
        self.store = store
        self.clock = clock
        self.sender = sender
        self.wake = wake
        self.logger = logger
        self.random = random
    }

    package func run() async throws {
        try await store.releaseAllDeliveryClaims()
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                let now = clock.now
                let due = try await store.claimDueDeliveries(now: now, limit: batchSize, leaseUntil: now.addingTimeInterval(lease))
                if !due.isEmpty {
                    // Each app's settings once per batch.
                    var settings: [String: WebhookConfiguration?] = [:]
                    for appID in Set(due.map(\.appID)) { settings[appID] = try await store.webhookConfiguration(appID: appID) }
                    await withDiscardingTaskGroup { group in
                        for delivery in due {
                            let configuration = settings[delivery.appID] ?? nil
                            group.addTask { await self.attempt(delivery, configuration: configuration) }
                        }
                    }
                    continue
                }
                let next = try await store.nextDeliveryDate()
                await cancelWhenGracefulShutdown { _ = await self.wake.wait(until: next, on: self.clock) }
            } catch {
                logger.error("webhook dispatcher could not read the outbox; retrying", metadata: ["error": .string("\(error)")])
                await cancelWhenGracefulShutdown { _ = await self.wake.wait(until: self.clock.now.addingTimeInterval(1), on: self.clock) }
            }
        }
    }

    private func attempt(_ delivery: WebhookDeliveryRecord, configuration: WebhookConfiguration?) async {
        let at = clock.now
        // The signature's timestamp is the wall clock's, whatever the scheduler's clock: receivers check it.
        let headers = WebhookSignature.headers(
            id: delivery.id, timestamp: Int(Date().timeIntervalSince1970), body: Array(delivery.payload),
            secrets: configuration?.signingSecrets ?? [])
        let outcome = await sender.post(delivery.url, body: Array(delivery.payload), headers: headers, timeout: attemptTimeout)
        let verdict = DeliveryVerdict.classify(status: outcome.status, header: outcome.header)
        var updated = delivery
        updated.attempts += 1
        var disable = false
        switch verdict {
        case .delivered:
            updated.status = .delivered
            updated.failures = 0
            updated.nextAttempt = nil
        case .abort:
            updated.status = .aborted
            updated.nextAttempt = nil
        case .disableEndpoint:
            // Kept pending: it goes out when the app re-enables the endpoint.
            disable = true
            updated.nextAttempt = at
        case .retry(let retryAfter):
            updated.failures += 1
            let schedule = configuration?.retrySchedule ?? RetrySchedule()
            updated.nextAttempt = schedule.nextAttempt(
                afterFailedAttempts: updated.failures, now: at, retryAfter: retryAfter, random: random)
            if updated.nextAttempt == nil { updated.status = .failed }
        }
        let record = DeliveryAttemptRecord(
            number: updated.attempts, at: at, statusCode: outcome.status,
            error: outcome.error ?? (verdict == .delivered ? nil : outcome.status.map { "HTTP \($0)" }),
            durationMilliseconds: Int(outcome.duration / .milliseconds(1)))
        do {
            try await store.recordAttempt(record, of: updated, disableEndpoint: disable)
        } catch {
            logger.error(
                "could not record a webhook attempt", metadata: ["webhook.id": .string(delivery.id), "error": .string("\(error)")])
        }
        logger.debug(
            "webhook attempt",
            metadata: [
                "webhook.id": .string(delivery.id), "webhook.type": .string(delivery.type.rawValue),
                "http.status": .string(outcome.status.map(String.init) ?? "none"), "webhook.status": .string(updated.status.rawValue),
            ])
    }
}
