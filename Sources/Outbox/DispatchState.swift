import DequeModule
import Foundation
import Memberwise
import Storage
import Webhooks

/// The webhook dispatcher's decisions as values: which queued messages may start (an endpoint's slots,
/// the overall concurrency, a lease that still covers an attempt), when to claim and how much, which
/// endpoints a claim drained, and what an attempt's answer does to its message and its endpoint. Pure:
/// no clock, no store, no task; `OutboxDispatcher` holds one behind a lock and acts on what it says, and
/// the tests drive it as tables.
package struct DispatchState: Sendable {
    /// The limits the decisions keep.
    package struct Limits: Sendable, Hashable {
        /// Calls under way at once, over all endpoints.
        package var concurrency: Int
        /// Attempts in flight at once to one webhook endpoint (an app's URL; a round); three rounds more
        /// may wait claimed.
        package var perEndpoint: Int
        /// Attempts in flight at once to one host of browsers' or phones' messages (a push service's
        /// origin, a provider), shared by all its devices; a round, as for an endpoint.
        package var perHost: Int
        /// How long one attempt may take, in seconds: a queued message starts only while its lease covers it.
        package var attemptTimeout: TimeInterval
        /// Answered attempts waiting for their record, at most (four times `concurrency` unless given):
        /// past this many, nothing starts until records are written. An answered call frees its slot at
        /// once, so that the store's writer, busy with a long transaction (a broadcast's fan-out writes a
        /// chunk of members in one), does not stop the sending: with the records holding the slots, a
        /// 20,000-center broadcast's pushes went at under half their rate while the fan-out ran.
        package var unrecorded: Int

        package init(concurrency: Int, perEndpoint: Int, perHost: Int? = nil, attemptTimeout: TimeInterval, unrecorded: Int? = nil) {
            self.concurrency = concurrency
            self.perEndpoint = perEndpoint
            self.perHost = perHost ?? perEndpoint
            self.attemptTimeout = attemptTimeout
            self.unrecorded = unrecorded ?? 4 * concurrency
        }

        /// A lane's round: a webhook endpoint's, or a host's (the lane of every message to a browser or a phone).
        package func round(of destination: WebhookDeliveryRecord.Destination) -> Int {
            destination == .webhook ? perEndpoint : perHost
        }
    }

    /// A claimed message waiting for a slot of its endpoint.
    @MemberwiseInit
    package struct Queued: Sendable, Hashable {
        package var delivery: WebhookDeliveryRecord
        package var configuration: WebhookConfiguration?
        /// When its claim ends, on the leases' (wall) clock.
        package var leaseUntil: Date
    }

    /// What a claim asks the store for.
    @MemberwiseInit
    package struct ClaimPlan: Sendable, Hashable {
        /// Room per endpoint the dispatcher knows (in flight or queued); others get `defaultRoom`.
        package var room: [WebhookEndpoint: Int]
        package var defaultRoom: Int
        package var limit: Int
    }

    /// What a cycle of the loop does after starting what it could.
    package enum Cycle: Sendable, Hashable {
        /// Claim beside the loop, then wait to be woken.
        case claim(ClaimPlan)
        /// Wait until this date on the schedule's clock (nil: until woken by an answer, a record, a claim's end).
        case wait(until: Date?)
    }

    package let limits: Limits
    /// Calls under way, by endpoint (a slot frees when its call answers).
    package private(set) var inFlight: [WebhookEndpoint: Int] = [:]
    /// Claimed messages waiting for a slot, by endpoint, in the order they came due (each start takes the
    /// first in place: a copy of a lane's queue per start retained every field of every message in it).
    package private(set) var queued: [WebhookEndpoint: Deque<Queued>] = [:]
    /// What the active lanes carry, as their claimed messages said: it sets their round.
    private var destinations: [WebhookEndpoint: WebhookDeliveryRecord.Destination] = [:]
    package private(set) var queuedCount = 0
    /// Attempts started and not yet recorded, over all endpoints.
    package private(set) var total = 0
    /// Attempts started and not yet answered, over all endpoints: the calls `concurrency` caps.
    package private(set) var calling = 0
    /// Claim on the next cycle whatever the queues hold: at start, after a wake-up, once a date waited
    /// for came, after an attempt that did not deliver (its message is due again later).
    package var mustClaim = true
    /// Endpoints the last claim gave fewer messages than it had room for: nothing more is due on them
    /// until a wake-up says otherwise.
    package private(set) var drained: Set<WebhookEndpoint> = []
    /// When the next message comes due, as of the last claim.
    package private(set) var nextDue: Date?
    /// A claim is under way (beside the loop, which keeps starting what is queued meanwhile).
    package private(set) var claiming = false

    package init(limits: Limits) {
        self.limits = limits
    }

    /// Endpoints with calls under way or messages queued.
    package var active: Set<WebhookEndpoint> { Set(inFlight.keys).union(queued.keys) }

    /// Endpoints with more due that the dispatcher will claim from as their queues empty.
    package var busy: Set<WebhookEndpoint> { active.subtracting(drained) }

    /// Nothing is in flight or queued.
    package var isIdle: Bool { total == 0 && queuedCount == 0 }

    /// Takes the queued messages that have a free slot (their endpoint's and one of `concurrency`, with
    /// fewer than `unrecorded` answers waiting for their record), counting them in flight, and those whose
    /// lease ends too soon to be attempted (`stale`, to give back); `now` is the leases' clock's.
    package mutating func takeStartable(now: Date) -> (start: [Queued], stale: [Queued]) {
        var start: [Queued] = []
        var stale: [Queued] = []
        // An attempt started now must end (or time out) within its lease.
        let latestEnd = now.addingTimeInterval(limits.attemptTimeout + 1)
        for endpoint in Array(queued.keys) {
            // Moved out of the dictionary, so that taking from it copies nothing.
            guard var waiting = queued.removeValue(forKey: endpoint) else { continue }
            let before = waiting.count
            while let next = waiting.first, calling < limits.concurrency, total - calling < limits.unrecorded,
                (inFlight[endpoint] ?? 0) < round(endpoint) || next.leaseUntil < latestEnd
            {
                waiting.removeFirst()
                if next.leaseUntil < latestEnd {
                    stale.append(next)
                    continue
                }
                inFlight[endpoint, default: 0] += 1
                total += 1
                calling += 1
                start.append(next)
            }
            queuedCount -= before - waiting.count
            if !waiting.isEmpty { queued[endpoint] = waiting }
        }
        if !stale.isEmpty { mustClaim = true }
        return (start, stale)
    }

    /// The cycle's decision at `now` (the schedule's clock): a claim when asked to or when the queue of an
    /// endpoint with more due holds less than a round — for what fills each endpoint's slots and three
    /// rounds behind them — or else when to look again.
    package mutating func cycle(now: Date) -> Cycle {
        // The claim under way wakes the loop when it ends (a failed one after its pause).
        if claiming { return .wait(until: nil) }
        let active = active
        drained.formIntersection(active)
        destinations = destinations.filter { active.contains($0.key) }
        let hungry = active.contains { !drained.contains($0) && (queued[$0]?.count ?? 0) < round($0) }
        // The attempts under way wake the next cycle (the last one recorded asks for a claim).
        guard mustClaim || hungry else { return .wait(until: nextDue) }
        mustClaim = false
        // A lane no claim has brought yet gets a webhook endpoint's room; a host's gets its own from the next claim.
        var room: [WebhookEndpoint: Int] = [:]
        for endpoint in active { room[endpoint] = 4 * round(endpoint) - (inFlight[endpoint] ?? 0) - (queued[endpoint]?.count ?? 0) }
        let plan = ClaimPlan(room: room, defaultRoom: 4 * limits.perEndpoint, limit: 2 * limits.concurrency - calling - queuedCount)
        guard plan.limit > 0 else { return .wait(until: nil) }
        claiming = true
        return .claim(plan)
    }

    /// A claim came back: queues what it brought (to start while the claim looks up the next due date)
    /// and notes which endpoints it drained.
    package mutating func queue(_ claimed: [Queued], plan: ClaimPlan) {
        var got: [WebhookEndpoint: Int] = [:]
        for message in claimed {
            queued[message.delivery.endpoint, default: []].append(message)
            destinations[message.delivery.endpoint] = message.delivery.destination
            got[message.delivery.endpoint, default: 0] += 1
        }
        queuedCount += claimed.count
        // A claim cut short by its limit says nothing of what is left.
        guard claimed.count < plan.limit else { return }
        for endpoint in Set(plan.room.keys).union(got.keys) {
            if (got[endpoint] ?? 0) < plan.room[endpoint] ?? plan.defaultRoom {
                drained.insert(endpoint)
            } else {
                drained.remove(endpoint)
            }
        }
    }

    /// The claim ended, knowing when the next message comes due.
    package mutating func claimEnded(nextDue: Date?) {
        self.nextDue = nextDue
        claiming = false
    }

    /// A claim failed, and its pause is over: the next cycle claims again.
    package mutating func claimFailed() {
        claiming = false
        mustClaim = true
    }

    /// The round of a lane: its destination's (a webhook endpoint's until a claim says otherwise).
    private func round(_ endpoint: WebhookEndpoint) -> Int {
        limits.round(of: destinations[endpoint] ?? .webhook)
    }

    /// Takes the messages queued for an endpoint (its 410 disabled it), which claims no more until woken.
    package mutating func takeQueued(on endpoint: WebhookEndpoint) -> [Queued] {
        let taken = queued.removeValue(forKey: endpoint) ?? []
        queuedCount -= taken.count
        drained.insert(endpoint)
        return Array(taken)
    }

    /// Takes every queued message (the loop is ending: they go back to the store).
    package mutating func takeAllQueued() -> [Queued] {
        defer {
            queued = [:]
            queuedCount = 0
        }
        return queued.values.flatMap { Array($0) }
    }

    /// An attempt's call ended: its endpoint's slot, and its slot of `concurrency`, are free for the next
    /// message while it is recorded.
    package mutating func answered(_ endpoint: WebhookEndpoint) {
        let left = (inFlight[endpoint] ?? 1) - 1
        inFlight[endpoint] = left > 0 ? left : nil
        calling -= 1
    }

    /// An attempt was recorded: it no longer counts against `unrecorded`. One that did not finish its
    /// message (delivered or aborted) leaves it due again later, or its endpoint disabled, and the last one
    /// under way leaves nothing in hand: the next cycle claims and looks for the next due date again.
    package mutating func recorded(finished: Bool) {
        total -= 1
        if !finished || isIdle { mustClaim = true }
    }

    /// What an attempt's answer (`verdict`, at `now` on the schedule's clock) does to its message — its
    /// new state, when it goes again — and what it says of its endpoint: delivered or aborted ends the
    /// message; 410 keeps it pending and disables the endpoint; a message past its lifetime expires;
    /// anything else is a failure, retried by the channel's `policy` (never before a `Retry-After`),
    /// failed once the app's schedule runs out or expired once the next attempt would come too late, and
    /// disabling a webhook endpoint if it has been failing for `disableAfter` (a host of browsers or
    /// phones is shared by all their messages: one device's failures disable nothing). `wallNow` is the
    /// wall clock's time when the schedule's clock is virtual (a backoff's retry then also comes in real time).
    package static func afterAttempt(
        _ delivery: WebhookDeliveryRecord, verdict: DeliveryVerdict, at now: Date, wallNow: Date? = nil, policy: RetryPolicy,
        disableAfter: TimeInterval, random: (ClosedRange<Double>) -> Double
    ) -> (delivery: WebhookDeliveryRecord, endpoint: EndpointOutcome) {
        var updated = delivery
        updated.attempts += 1
        updated.dueOnWallClock = nil
        /// The message ends with `status`: no attempt comes after this one.
        func ended(_ status: WebhookDeliveryRecord.Status, failures: Int) -> (delivery: WebhookDeliveryRecord, endpoint: EndpointOutcome) {
            (updated.status, updated.failures, updated.nextAttempt) = (status, failures, nil)
            return (updated, .answered)
        }
        switch verdict {
        case .delivered: return ended(.delivered, failures: 0)
        case .abort: return ended(.aborted, failures: updated.failures)
        case .reject: return ended(.failed, failures: updated.failures + 1)
        case .expire: return ended(.expired, failures: updated.failures)
        case .disableEndpoint:
            // Kept pending: it goes out when the app re-enables the endpoint.
            updated.nextAttempt = now
            return (updated, .gone)
        case .retry(let retryAfter):
            updated.failures += 1
            let next = policy.nextAttempt(
                afterFailures: updated.failures, now: now, wallNow: wallNow, retryAfter: retryAfter, random: random)
            (updated.nextAttempt, updated.dueOnWallClock) = (next?.date, next?.onWallClock)
            // Out of time (a lifetime's end) or out of the schedule's attempts.
            if next == nil { updated.status = policy.expires == nil ? .failed : .expired }
            guard delivery.destination == .webhook else { return (updated, .answered) }
            return (updated, .failed(disableIfFailingSince: now.addingTimeInterval(-disableAfter)))
        }
    }
}
