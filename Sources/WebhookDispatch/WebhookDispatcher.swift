import Foundation
import Logging
import Metrics
import Scheduling
import ServiceLifecycle
import Storage
import Synchronization
import Webhooks

/// Delivers the outbox: claims due messages, posts each one signed (a fresh `webhook-timestamp` and
/// signatures on every attempt, the same `webhook-id`), and records the attempt and what it means —
/// delivered (2xx), retried on the app's schedule with jitter and never before a `Retry-After` (429,
/// 503…), aborted (`webhook-delivery: abort-message`), or the endpoint disabled (410, or every attempt
/// failing for `disableAfter`) until the app re-enables it. Runs on the scheduler's clock, so the virtual clock moves retries too.
///
/// Claiming is continuous: whenever attempts finish (or messages come due) it claims as many as it has
/// room for, each endpoint up to its own cap, so one receiver that hangs for the whole attempt timeout
/// holds up only its own messages. A message claimed by a process that died is tried again when its
/// lease runs out: at least once, never lost; the claim's fencing token keeps a late attempt's record out.
package final class WebhookDispatcher: Service {
    package struct Configuration: Sendable {
        /// Attempts in flight at once, over all endpoints.
        package var concurrency = 256
        /// Attempts in flight at once to one endpoint (an app's URL).
        package var perEndpoint = 16
        /// How long one attempt may take.
        package var attemptTimeout: Duration = .seconds(15)
        /// How long a claim lasts: longer than any attempt may take.
        package var lease: TimeInterval = 30
        /// An endpoint failing every attempt for this long is disabled (Svix's rule: 5 days).
        package var disableAfter: TimeInterval = 5 * 86_400

        package init() {}
    }

    private struct State {
        /// Calls under way, by endpoint (a slot frees when its call answers).
        var inFlight: [WebhookEndpoint: Int] = [:]
        /// Attempts not yet recorded, over all endpoints.
        var total = 0
        var startedCycles = 0
        var restingCycles = 0
        var settleWaiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let store: any WebhookStore
    private let clock: any SchedulerClock
    private let sender: WebhookSender
    private let wake: WakeSignal
    private let logger: Logger
    private let configuration: Configuration
    private let random: @Sendable (ClosedRange<Double>) -> Double
    private let state = Mutex(State())

    package init(
        store: any WebhookStore, clock: any SchedulerClock, sender: WebhookSender, wake: WakeSignal, logger: Logger,
        configuration: Configuration = Configuration(),
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) {
        self.store = store
        self.clock = clock
        self.sender = sender
        self.wake = wake
        self.logger = logger
        self.configuration = configuration
        self.random = random
    }

    package func run() async throws {
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                state.withLock { $0.startedCycles += 1 }
                let next: Date?
                do {
                    next = try await cycle(group: &group)
                } catch {
                    if Task.isCancelled { break }
                    logger.error("webhook dispatcher could not read the outbox; retrying", metadata: ["error": .string("\(error)")])
                    next = clock.now.addingTimeInterval(1)
                }
                if let next, next <= clock.now { continue }
                await cancelWhenGracefulShutdown { await self.wake.wait(until: next, on: self.clock) }
            }
        }
        resumeSettleWaiters(all: true)
    }

    /// Claims what there is room for and starts its attempts; returns when to look again (nil: when
    /// woken). A cycle that found nothing to start, with nothing in flight, is at rest (`settle`).
    private func cycle(group: inout DiscardingTaskGroup) async throws -> Date? {
        let (room, free, full) = state.withLock { state in
            let room = state.inFlight.mapValues { configuration.perEndpoint - $0 }
            return (room, configuration.concurrency - state.total, Set(room.filter { $0.value <= 0 }.keys))
        }
        var claimed: [WebhookDeliveryRecord] = []
        if free > 0 {
            let now = clock.now
            claimed = try await store.claimDueDeliveries(
                now: now, limit: free, perEndpoint: room, defaultPerEndpoint: configuration.perEndpoint,
                leaseUntil: now.addingTimeInterval(configuration.lease))
        }
        if !claimed.isEmpty {
            state.withLock { state in
                for delivery in claimed { state.inFlight[delivery.endpoint, default: 0] += 1 }
                state.total += claimed.count
            }
            // Each app's settings once per claim.
            var settings: [String: WebhookConfiguration?] = [:]
            for appID in Set(claimed.map(\.appID)) { settings[appID] = try await store.webhookConfiguration(appID: appID) }
            for delivery in claimed {
                let configuration = settings[delivery.appID] ?? nil
                group.addTask {
                    await self.attempt(delivery, configuration: configuration)
                    self.recorded()
                }
            }
            // There may be more for other endpoints, or room left: look again at once.
            return clock.now
        }
        let idle = state.withLock { $0.total == 0 }
        if idle { resumeSettleWaiters(all: false) }
        if free <= 0 { return nil }
        return try await store.nextDeliveryDate(excluding: full)
    }

    /// An attempt's call ended: the endpoint's slot is free for the next claim while the attempt is
    /// recorded (the record waits for a group commit; the endpoint need not wait for it).
    private func answered(_ endpoint: WebhookEndpoint) {
        state.withLock { state in
            let left = (state.inFlight[endpoint] ?? 1) - 1
            state.inFlight[endpoint] = left > 0 ? left : nil
        }
        wake.signal()
    }

    /// An attempt was recorded: it no longer counts against `concurrency`.
    private func recorded() {
        state.withLock { $0.total -= 1 }
        wake.signal()
    }

    /// Returns once the dispatcher has attempted (and recorded) every message due at the clock's current
    /// time, and no attempt is in flight: for tests and the virtual clock (advance, then settle).
    package func settle() async {
        await withCheckedContinuation { continuation in
            state.withLock { state in state.settleWaiters.append((state.startedCycles + 1, continuation)) }
            wake.signal()
        }
    }

    /// Releases the settle waiters whose cycle has come (all of them when the dispatcher stops).
    private func resumeSettleWaiters(all: Bool) {
        let ready = state.withLock { state in
            let started = state.startedCycles
            let ready = state.settleWaiters.filter { all || $0.target <= started }
            state.settleWaiters.removeAll { all || $0.target <= started }
            return ready
        }
        ready.forEach { $0.continuation.resume() }
    }

    private func attempt(_ delivery: WebhookDeliveryRecord, configuration: WebhookConfiguration?) async {
        let at = clock.now
        // The signature's timestamp is the wall clock's, whatever the scheduler's clock: receivers check it.
        var headers = WebhookSignature.headers(
            id: delivery.id, timestamp: Int(Date().timeIntervalSince1970), body: Array(delivery.payload),
            secrets: configuration?.signingSecrets ?? [])
        if let traceparent = delivery.traceparent { headers.append(("traceparent", traceparent)) }
        let outcome = await sender.post(
            delivery.url, body: Array(delivery.payload), headers: headers, timeout: self.configuration.attemptTimeout)
        answered(delivery.endpoint)
        let verdict = DeliveryVerdict.classify(status: outcome.status, header: outcome.header)
        var updated = delivery
        updated.attempts += 1
        var endpoint = EndpointOutcome.answered
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
            endpoint = .gone
            updated.nextAttempt = at
        case .retry(let retryAfter):
            endpoint = .failed(disableIfFailingSince: at.addingTimeInterval(-self.configuration.disableAfter))
            updated.failures += 1
            let schedule = configuration?.retrySchedule ?? RetrySchedule()
            updated.nextAttempt = schedule.nextAttempt(
                afterFailedAttempts: updated.failures, now: at, retryAfter: retryAfter, random: random)
            if updated.nextAttempt == nil { updated.status = .failed }
        }
        Self.measure(verdict, delivery, outcome.duration, deliveredAt: at)
        let record = DeliveryAttemptRecord(
            number: updated.attempts, at: at, statusCode: outcome.status,
            error: outcome.error ?? (verdict == .delivered ? nil : outcome.status.map { "HTTP \($0)" }),
            durationMilliseconds: Int(outcome.duration / .milliseconds(1)))
        do {
            try await store.recordAttempt(record, of: updated, endpoint: endpoint)
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

    /// Attempts by outcome and how long each took; for a delivered message, how long it took from the
    /// change that wrote it.
    private static func measure(_ verdict: DeliveryVerdict, _ delivery: WebhookDeliveryRecord, _ duration: Duration, deliveredAt: Date) {
        let outcome =
            switch verdict {
            case .delivered: "delivered"
            case .abort: "aborted"
            case .disableEndpoint: "gone"
            case .retry: "failed"
            }
        Counter(label: "usernotifyd_webhook_attempts_total", dimensions: [("outcome", outcome)]).increment()
        Timer(label: "usernotifyd_webhook_attempt_duration_seconds").record(duration: duration)
        if verdict == .delivered {
            Timer(label: "usernotifyd_webhook_delivery_latency_seconds").recordSeconds(
                max(0, deliveredAt.timeIntervalSince(delivery.createdAt)))
        }
    }
}
