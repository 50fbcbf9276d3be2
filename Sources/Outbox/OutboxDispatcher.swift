import Clocks
import Foundation
import Logging
import Metrics
import NotificationCore
import Scheduling
import ServiceLifecycle
import Storage
import Synchronization
import Webhooks

/// Delivers the outbox: claims due messages, hands each to the channel of its destination (a signed
/// webhook, an encrypted Web Push, a relay to APNs or FCM), and records the attempt and what it means —
/// delivered, retried with jitter and never before a `Retry-After` (429, 503…), aborted
/// (`webhook-delivery: abort-message`), refused for good, or the endpoint disabled (410, or every attempt
/// failing for `disableAfter`) until the app re-enables it. Knows no transport: the channels do. Runs on
/// the scheduler's clock, so the virtual clock moves retries too; a push's or a relay's retry also comes
/// in real time while that clock is virtual (a push service counts real time: `dueOnWallClock`); claims'
/// leases run on the wall clock (`wallClock`), as every lease does (`Lease`).
///
/// Messages go in lanes, each capped: a webhook endpoint (an app's URL) has up to `perEndpoint` attempts in
/// flight, a host of browsers' or phones' messages (a push service's origin, APNs, FCM: the message's
/// `url`) up to `perHost`, shared by all its devices, so that a claim walks a few lanes however many
/// devices wait. One receiver that hangs for the whole attempt timeout holds up only its own lane's
/// messages, and each lane has up to three rounds of claimed messages
/// queued behind them: when an attempt answers, the next one starts at once, without waiting for a claim
/// (a write). The queue is topped up in bulk, once less than a round is left: a claim per message would
/// cost a transaction per message and hold each slot for the claim's commit, and the claim must come back
/// before the round left is sent (with a queue of half a round, each claim brought half a round, and a
/// PostgreSQL outbox delivered 20–30 % less). The claim runs beside the loop, one at a time, so that
/// slots that free during its round trips are filled from the queue meanwhile (on PostgreSQL a claim
/// took ~14 ms on a loaded machine, and the slots sat a third full). A message claimed by a process that
/// died is tried again when its lease runs out: at least once, never lost; the claim's fencing token
/// keeps a late attempt's record out. Messages still queued when the dispatcher stops, or whose lease
/// would run out before an attempt could end, are given back.
package final class OutboxDispatcher: Service {
    package struct Configuration: Sendable, Equatable {
        /// Calls under way at once, over all endpoints (four times as many answered ones may wait for
        /// their record: `DispatchState.Limits.unrecorded`).
        package var concurrency = 256
        /// Attempts in flight at once to one endpoint (an app's URL), a round; up to three rounds more wait
        /// claimed (a hung endpoint's last ones may outwait their lease: they go back and are claimed again).
        package var perEndpoint = 16
        /// Attempts in flight at once to one host of browsers' or phones' messages (a push service's origin,
        /// APNs or FCM), shared by every device there; as many rounds wait claimed as for an endpoint.
        package var perHost = 128
        /// How long one attempt may take (Standard Webhooks' receivers answer within 15 s).
        package var attemptTimeout: Duration = .seconds(15)
        /// How long a claim lasts: longer than any attempt may take.
        package var lease: TimeInterval = 30
        /// An endpoint failing every attempt for this long is disabled (Svix's rule: 5 days).
        package var disableAfter: TimeInterval = 5 * 86_400

        package init() {}
    }

    /// An answered attempt waiting to be recorded, with the messages its endpoint's 410 withheld.
    private struct Unrecorded: Sendable {
        var attempt: RecordedAttempt
        var withheld: [WebhookDeliveryRecord]
        /// Delivered, aborted or expired: the message is done with.
        var finished: Bool
        /// When the message's claim ends (the wall clock's): a record written after it is fenced out.
        var leaseUntil: Date
    }

    /// What `record` holds: the answered attempts not yet written, and whether an attempt's task is
    /// writing (it writes what waits, batch after batch, until nothing does).
    private struct Records {
        var waiting: [Unrecorded] = []
        var writing = false
    }

    /// The decisions' state, and what waits on the loop.
    private struct State {
        var dispatch: DispatchState
        /// Claims started so far; a settle waits for one started after it asked.
        var startedClaims = 0
        var settleWaiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
        /// The loop ended (shutdown): no cycle will come, so nobody waits for one.
        var stopped = false
        /// When the next retry in real time comes due, as of the last claim (only while the schedule's
        /// clock is virtual); cleared once it came.
        var dueOnWallClock: Date?
        /// Waiting for a wake alone, with no deadline on either clock.
        var resting = false
        /// The failed claims in a row, and the pause after the last.
        var claims = FailureBackoff()
    }

    private let store: any WebhookStore
    private let clock: any SchedulerClock
    /// Real time: leases, spans, and the pause after a failed claim.
    private let wallClock: any WallClock
    /// The channel of each destination; a message to one without a channel fails (nothing sends it).
    private let channels: [WebhookDeliveryRecord.Destination: any DeliveryChannel]
    private let signal = WakeSignal()
    private let logger: Logger
    private let configuration: Configuration
    private let random: @Sendable (ClosedRange<Double>) -> Double
    private let state: Mutex<State>
    /// Answered attempts waiting for their record, and whether a task is writing them.
    private let records = Mutex(Records())
    private let metrics = SharedForms<AttemptMetrics.Key, AttemptMetrics>()

    package init(
        store: any WebhookStore, clock: any SchedulerClock, wallClock: any WallClock = SystemClock(),
        channels: [WebhookDeliveryRecord.Destination: any DeliveryChannel], logger: Logger, configuration: Configuration = Configuration(),
        random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
    ) {
        // A queued message is started only while its claim still covers a whole attempt.
        precondition(
            configuration.lease > Double(configuration.attemptTimeout.components.seconds) + 1, "a lease must outlast an attempt")
        self.store = store
        self.clock = clock
        self.wallClock = wallClock
        self.channels = channels
        self.logger = logger
        self.configuration = configuration
        self.random = random
        state = Mutex(
            State(
                dispatch: DispatchState(
                    limits: DispatchState.Limits(
                        concurrency: configuration.concurrency, perEndpoint: configuration.perEndpoint, perHost: configuration.perHost,
                        attemptTimeout: Double(configuration.attemptTimeout.components.seconds)))))
    }

    /// This replica's share of the outbox now: attempts started and not yet recorded, and messages claimed
    /// and not yet started (`/metrics`).
    package var load: (attempts: Int, queued: Int) {
        state.withLock { ($0.dispatch.total, $0.dispatch.queuedCount) }
    }

    /// Asks the dispatcher to claim again now: messages were written or released, the clock moved, or
    /// changes may have been missed.
    package func wake() {
        state.withLock { $0.dispatch.mustClaim = true }
        signal.signal()
    }

    package func run() async throws {
        await withDiscardingTaskGroup { group in
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                let next: Date?
                do {
                    next = try await cycle(group: &group)
                } catch {
                    if Task.isCancelled { break }
                    logger.error("outbox dispatcher could not give back messages; retrying", metadata: ["error": .string("\(error)")])
                    next = clock.now.addingTimeInterval(1)
                }
                if let next, next <= clock.now {
                    state.withLock { $0.dispatch.mustClaim = true }
                    continue
                }
                let dueOnWallClock = state.withLock { $0.dueOnWallClock }
                var deadlines: [(date: Date, clock: any TimeSource)] = []
                if let next { deadlines.append((next, clock)) }
                if let dueOnWallClock { deadlines.append((dueOnWallClock, wallClock)) }
                state.withLock { $0.resting = deadlines.isEmpty }
                // A shutdown wakes the loop, which then ends (a handler, not a task group per wait).
                await withGracefulShutdownHandler {
                    await signal.wait(until: deadlines)
                } onGracefulShutdown: { [signal] in
                    signal.signal()
                }
                state.withLock { $0.resting = false }
                let came = (next.map { clock.now >= $0 } ?? false) || (dueOnWallClock.map { wallClock.now >= $0 } ?? false)
                if came {
                    state.withLock { state in
                        state.dispatch.mustClaim = true
                        if let due = state.dueOnWallClock, wallClock.now >= due { state.dueOnWallClock = nil }
                    }
                }
            }
            // What was claimed and never started goes back, to be claimed at once (here after a
            // restart, or by another replica) rather than after its lease.
            await releaseQueued()
        }
        // And what a claim under way when the loop ended brought.
        await releaseQueued()
        state.withLock { $0.stopped = true }
        resumeSettleWaiters()
    }

    /// Starts what has a free slot, and a claim beside the loop when a queue runs low (or when asked to);
    /// returns when to look again (nil: when woken — by an answer, a record, the claim's end).
    private func cycle(group: inout DiscardingTaskGroup) async throws -> Date? {
        try await startQueued(group: &group)
        let now = clock.now
        let (decision, number) = state.withLock { state in
            let decision = state.dispatch.cycle(now: now)
            if case .claim = decision { state.startedClaims += 1 }
            return (decision, state.startedClaims)
        }
        switch decision {
        case .claim(let plan):
            group.addTask { await self.claim(plan, number: number) }
            return nil
        case .wait(let until):
            return until
        }
    }

    /// Claims what the plan asks for and queues it, then looks up when the next message comes due. Runs
    /// beside the loop, so that slots that free meanwhile are filled from the queue without waiting for
    /// the claim's round trips. A claim that found nothing, with nothing in flight or queued, leaves the
    /// dispatcher at rest (`settle`).
    private func claim(_ plan: DispatchState.ClaimPlan, number: Int) async {
        let now = clock.now
        let lease = Lease(seconds: configuration.lease, from: wallClock.now)
        do {
            let claimed = try await store.claimDueDeliveries(
                now: now, limit: plan.limit, perEndpoint: plan.room, defaultPerEndpoint: plan.defaultRoom, lease: lease,
                orDueOnWallClock: !clock.isWallTime)
            // Each app's settings once per claim, and what each channel's messages need.
            var settings: [String: WebhookConfiguration?] = [:]
            for appID in Set(claimed.map(\.appID)) { settings[appID] = try await store.webhookConfiguration(appID: appID) }
            for (destination, messages) in Dictionary(grouping: claimed, by: \.destination) {
                await channels[destination]?.prepare(messages)
            }
            let queued = claimed.map {
                DispatchState.Queued(delivery: $0, configuration: settings[$0.appID] ?? nil, leaseUntil: lease.until)
            }
            // Queued at once, so that the loop starts them while the next due date is looked up.
            let busy = state.withLock { state in
                state.dispatch.queue(queued, plan: plan)
                return state.dispatch.busy
            }
            signal.signal()
            let next = try await store.nextDeliveryDate(excluding: busy, leaseNow: wallClock.now)
            let dueOnWallClock = clock.isWallTime ? nil : try await store.nextDueOnWallClock(after: wallClock.now)
            let (idle, failures) = state.withLock { state in
                state.dueOnWallClock = dueOnWallClock
                state.dispatch.claimEnded(nextDue: next)
                return (state.dispatch.isIdle, state.claims.succeeded())
            }
            if idle && claimed.isEmpty { resumeSettleWaiters(claimed: number) }
            if failures > 0 {
                logger.notice("the outbox dispatcher reads the outbox again", metadata: ["outbox.failures": .stringConvertible(failures)])
            }
        } catch {
            let pause = state.withLock { $0.claims.failed() }
            if !Task.isCancelled {
                logger.error(
                    "outbox dispatcher could not read the outbox; retrying",
                    metadata: ["error": .string("\(error)"), "retry.after": .stringConvertible(pause)])
            }
            // Real time, still claiming: the scheduler's clock may be virtual, and moving it waits for the
            // settle that waits for this claim.
            try? await wallClock.sleep(until: wallClock.now.addingTimeInterval(pause))
            state.withLock { $0.dispatch.claimFailed() }
        }
        signal.signal()
    }

    /// Gives back the messages claimed and not started.
    private func releaseQueued() async {
        let unstarted = state.withLock { $0.dispatch.takeAllQueued().map(\.delivery) }
        if !unstarted.isEmpty { try? await store.releaseDeliveries(unstarted) }
    }

    /// Starts the queued messages that have a free slot; gives back those whose lease ends too soon.
    private func startQueued(group: inout DiscardingTaskGroup) async throws {
        let (start, stale) = state.withLock { $0.dispatch.takeStartable(now: wallClock.now) }
        for queued in start {
            group.addTask { await self.attempt(queued.delivery, configuration: queued.configuration, leaseUntil: queued.leaseUntil) }
        }
        if !stale.isEmpty { try await store.releaseDeliveries(stale.map(\.delivery)) }
    }

    /// An attempt's call ended: the endpoint's slot is free for the next message while the attempt is
    /// recorded (the record waits for a group commit; the endpoint need not wait for it).
    private func answered(_ endpoint: WebhookEndpoint) {
        state.withLock { $0.dispatch.answered(endpoint) }
        signal.signal()
    }

    /// Whether the loop waits for a wake alone, with no deadline on either clock: at rest, it then
    /// claims and commits nothing until a change or a shutdown wakes it.
    package var isResting: Bool { state.withLock { $0.resting } }

    /// Returns once the dispatcher has attempted (and recorded) every message due at the clock's current
    /// time, and no attempt is in flight: for tests and the virtual clock (advance, then settle). Returns at
    /// once when the dispatcher has stopped (a settle that came after shutdown waited for good, and with it
    /// the request that asked and the server's drain).
    package func settle() async {
        await withCheckedContinuation { continuation in
            let stopped = state.withLock { state in
                guard !state.stopped else { return true }
                state.dispatch.mustClaim = true
                state.settleWaiters.append((state.startedClaims + 1, continuation))
                return false
            }
            if stopped { return continuation.resume() }
            signal.signal()
        }
    }

    /// Releases the settle waiters whose claim has come: those that asked before claim `claimed` started
    /// (all of them once the dispatcher has stopped).
    private func resumeSettleWaiters(claimed: Int = .max) {
        let ready = state.withLock { state in
            let all = state.stopped
            let ready = state.settleWaiters.filter { all || $0.target <= claimed }
            state.settleWaiters.removeAll { all || $0.target <= claimed }
            return ready
        }
        ready.forEach { $0.continuation.resume() }
    }

    /// Hands the message to its destination's channel and records the attempt.
    private func attempt(_ delivery: WebhookDeliveryRecord, configuration: WebhookConfiguration?, leaseUntil: Date) async {
        let at = clock.now
        // With tracing on, the attempt is a client span, a child of the API call that led to the message,
        // and the receiver continues the trace from the attempt.
        let parent = SpanContext(traceparent: delivery.traceparent)
        let span = Tracing.isOn ? SpanContext.child(of: parent) : nil
        let started = wallClock.now
        let context = AttemptContext(
            configuration: configuration, traceparent: span?.traceparent ?? delivery.traceparent, timeout: self.configuration.attemptTimeout
        )
        let channel = channels[delivery.destination]
        let policy = channel?.retryPolicy(for: delivery, configuration: configuration) ?? .schedule(RetrySchedule())
        let answer: ChannelAnswer
        if let channel {
            // A message that waited past its lifetime (its endpoint disabled, the dispatchers down) is not sent late.
            if let expires = policy.expires, at >= expires {
                answer = ChannelAnswer(
                    .noAnswer("expired at \(expires) before it could be sent", since: .now), .expire,
                    receipt: await channel.receiptTarget(of: delivery))
            } else {
                answer = await channel.send(delivery, context: context)
            }
        } else {
            answer = .refused("no channel sends to a \(delivery.destination.rawValue)", since: .now)
        }
        let (outcome, verdict) = (answer.outcome, answer.verdict)
        if let span {
            Self.trace(delivery, span: span, parent: parent, from: started, to: wallClock.now, status: outcome.status, verdict: verdict)
        }
        // An endpoint that answered 410 is disabled: what is queued for it waits in the outbox until the
        // app enables it again, rather than calling it once each meanwhile.
        let withheld =
            verdict == .disableEndpoint ? state.withLock { $0.dispatch.takeQueued(on: delivery.endpoint) }.map(\.delivery) : []
        answered(delivery.endpoint)
        let (updated, endpoint) = DispatchState.afterAttempt(
            delivery, verdict: verdict, at: at, wallNow: clock.isWallTime ? nil : wallClock.now, policy: policy,
            disableAfter: self.configuration.disableAfter, random: random)
        // Each channel also counts what its own service answered (`usernotifyd_web_push_attempts_total`,
        // `usernotifyd_relay_attempts_total`).
        measure(verdict, delivery, outcome.duration, deliveredAt: at)
        let record = DeliveryAttemptRecord(
            number: updated.attempts, at: at, statusCode: outcome.status,
            error: outcome.error ?? (verdict == .delivered ? nil : outcome.status.map { "HTTP \($0)" }),
            durationMilliseconds: Int(outcome.duration / .milliseconds(1)), providerMessageID: answer.providerMessageID)
        logger.debug(
            "outbox attempt",
            metadata: [
                "outbox.destination": .string(delivery.destination.rawValue), "webhook.id": .string(delivery.id),
                "webhook.type": .string(delivery.type.rawValue),
                "http.status": .string(outcome.status.map(String.init) ?? "none"), "webhook.status": .string(updated.status.rawValue),
            ])
        let receipt = answer.receiptEvent(status: updated.status, at: at)
        receipt?.count()
        await self.record(
            Unrecorded(
                attempt: RecordedAttempt(record, of: updated, endpoint: endpoint, receipt: receipt), withheld: withheld,
                finished: [.delivered, .aborted, .expired].contains(updated.status), leaseUntil: leaseUntil))
    }

    /// Records the attempt together with the others answered meanwhile: the attempt's task that finds no
    /// write under way writes what waits, a batch at a time (at most `maxRecordBatch`), until nothing does;
    /// the others leave theirs and end at once, without waiting for it (a task suspended per attempt until
    /// its batch committed, in generic code run unspecialized, was ~5 % of a webhook's samples). An attempt counts against
    /// `DispatchState.Limits.unrecorded` until recorded.
    ///
    /// A batch the store refused (out of reach for a moment: a failover, a full disk) waits, with what is
    /// answered meanwhile, and is written again after a pause (1 s, doubling up to 16 s) while its claims
    /// last: each of its messages was sent, and given up it would be sent again once its claim ran out.
    /// What would outlast its claim is given up (the record would be fenced out), and so is everything
    /// once the dispatcher stops; such a message stays claimed and is sent again when its claim runs out.
    private func record(_ answered: Unrecorded) async {
        let writes = records.withLock { records in
            records.waiting.append(answered)
            guard !records.writing else { return false }
            records.writing = true
            return true
        }
        guard writes else { return }
        var failures = FailureBackoff()
        var pausing = true
        while let batch = nextRecords() {
            if await write(batch) {
                if failures.succeeded() > 0 { logger.notice("outbox attempts recorded again") }
                recorded(batch, written: true)
                continue
            }
            let resume = wallClock.now.addingTimeInterval(failures.failed())
            var again: [Unrecorded] = []
            var givenUp: [Unrecorded] = []
            for answered in batch {
                if pausing && answered.leaseUntil > resume { again.append(answered) } else { givenUp.append(answered) }
            }
            recorded(givenUp, written: false)
            guard !again.isEmpty else { continue }
            records.withLock { $0.waiting.insert(contentsOf: again, at: 0) }
            do {
                try await cancelWhenGracefulShutdown { try await self.wallClock.sleep(until: resume) }
            } catch {
                pausing = false
            }
        }
    }

    /// Attempts written (or given up) no longer count against `unrecorded` (`DispatchState.recorded`).
    private func recorded(_ batch: [Unrecorded], written: Bool) {
        guard !batch.isEmpty else { return }
        state.withLock { state in
            for answered in batch { state.dispatch.recorded(finished: written && answered.finished) }
        }
        signal.signal()
    }

    /// The most records one write takes (what a write under way left waiting goes in the next).
    private static let maxRecordBatch = 256

    /// The next batch to write, or nil (and no write under way) when nothing waits.
    private func nextRecords() -> [Unrecorded]? {
        records.withLock { records in
            guard !records.waiting.isEmpty else {
                records.writing = false
                return nil
            }
            let count = min(Self.maxRecordBatch, records.waiting.count)
            defer { records.waiting.removeFirst(count) }
            return Array(records.waiting.prefix(count))
        }
    }

    /// Writes a batch of records and gives back the messages their 410s withheld; whether it did.
    private func write(_ batch: [Unrecorded]) async -> Bool {
        do {
            try await store.recordAttempts(batch.map(\.attempt))
            try await store.releaseDeliveries(batch.flatMap(\.withheld))
            return true
        } catch {
            logger.error(
                "could not record outbox attempts",
                metadata: [
                    "webhook.ids": .string(batch.map(\.attempt.delivery.id).joined(separator: ",")), "error": .string("\(error)"),
                ])
            return false
        }
    }

    /// The attempt's client span (the URL's host only: a webhook URL's path or query may carry a secret).
    private static func trace(
        _ delivery: WebhookDeliveryRecord, span: SpanContext, parent: SpanContext?, from start: Date, to end: Date, status: Int?,
        verdict: DeliveryVerdict
    ) {
        var attributes: [String: SpanAttribute] = [
            "http.request.method": .string("POST"), "server.address": .string(URL(string: delivery.url)?.host ?? delivery.url),
            "webhook.id": .string(delivery.id), "webhook.type": .string(delivery.type.rawValue),
        ]
        if let status { attributes["http.response.status_code"] = .int(status) }
        Tracing.record(
            SpanRecord(
                name: delivery.destination.spanName, kind: .client, context: span,
                parentSpanID: parent?.spanID, start: start, end: end,
                attributes: attributes, failed: verdict != .delivered))
    }

    /// Attempts by destination and outcome and how long each took; for a delivered message, how long it
    /// took from the change that wrote it. A webhook's also count under the names of before destinations
    /// (`usernotifyd_webhook_*`), kept for one release so that dashboards and alerts can move.
    private func measure(_ verdict: DeliveryVerdict, _ delivery: WebhookDeliveryRecord, _ duration: Duration, deliveredAt: Date) {
        let outcome =
            switch verdict {
            case .delivered: "delivered"
            case .abort: "aborted"
            case .reject: "rejected"
            case .disableEndpoint: "gone"
            case .retry: "failed"
            case .expire: "expired"
            }
        let measures = metrics.value(for: AttemptMetrics.Key(destination: delivery.destination, outcome: outcome)) {
            AttemptMetrics(destination: delivery.destination, outcome: outcome)
        }
        let latency = max(0, deliveredAt.timeIntervalSince(delivery.createdAt))
        func record(_ handles: AttemptMetrics.Handles) {
            handles.attempts.increment()
            handles.duration.record(duration: duration)
            if verdict == .delivered { handles.latency.recordSeconds(latency) }
        }
        record(measures.outbox)
        if let webhook = measures.webhook { record(webhook) }
    }
}

/// The metrics of an attempt's destination and outcome, made once per dispatcher: making a handle goes
/// through the metrics backend's registry (with Prometheus: a lock, a check of the name, a dictionary),
/// which took 2.5 % of a webhook's CPU when done for every attempt.
private struct AttemptMetrics: Sendable {
    struct Key: Hashable, Sendable {
        var destination: WebhookDeliveryRecord.Destination
        var outcome: String
    }

    /// Attempts, their duration, and the latency of those delivered.
    typealias Handles = (attempts: Counter, duration: Timer, latency: Timer)

    var outbox: Handles
    /// Under the names of before destinations, for a webhook's.
    var webhook: Handles?

    init(destination: WebhookDeliveryRecord.Destination, outcome: String) {
        let dimension = ("destination", destination.rawValue)
        outbox = (
            Counter(label: "usernotifyd_outbox_attempts_total", dimensions: [dimension, ("outcome", outcome)]),
            Timer(label: "usernotifyd_outbox_attempt_duration_seconds", dimensions: [dimension]),
            Timer(label: "usernotifyd_outbox_delivery_latency_seconds", dimensions: [dimension])
        )
        guard destination == .webhook else { return }
        webhook = (
            Counter(label: "usernotifyd_webhook_attempts_total", dimensions: [("outcome", outcome)]),
            Timer(label: "usernotifyd_webhook_attempt_duration_seconds"),
            Timer(label: "usernotifyd_webhook_delivery_latency_seconds")
        )
    }
}
