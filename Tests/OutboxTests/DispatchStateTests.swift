import Foundation
import OutboundHTTP
import Outbox
import Storage
import Testing
import WebhookDelivery
import Webhooks

/// The dispatcher's decisions as tables: no clock, no store, no socket.
@Suite struct DispatchStateTests {
    static let start = Date(timeIntervalSince1970: 1_900_000_000)
    static let limits = DispatchState.Limits(concurrency: 4, perEndpoint: 2, attemptTimeout: 15)

    static func message(_ id: String, url: String = "https://a.example/hook") -> WebhookDeliveryRecord {
        WebhookDeliveryRecord(
            id: id, appID: "app", url: url, type: .notificationDelivered, payload: Data("{}".utf8), nextAttempt: start, createdAt: start)
    }

    static func queued(_ id: String, url: String = "https://a.example/hook", leaseFor seconds: TimeInterval = 30) -> DispatchState.Queued {
        DispatchState.Queued(delivery: message(id, url: url), configuration: nil, leaseUntil: start.addingTimeInterval(seconds))
    }

    /// A state whose first claim (made at start) brought `messages`.
    static func state(after messages: [DispatchState.Queued], limits: DispatchState.Limits = limits) -> DispatchState {
        var state = DispatchState(limits: limits)
        guard case .claim(let plan) = state.cycle(now: start) else {
            Issue.record("the first cycle claims")
            return state
        }
        state.queue(messages, plan: plan)
        state.claimEnded(nextDue: nil)
        return state
    }

    // MARK: which queued messages start

    struct StartCase: Sendable, CustomTestStringConvertible {
        var name: String
        var queued: [DispatchState.Queued]
        var started: [String]
        var stale: [String]
        var testDescription: String { name }
    }

    static let startCases: [StartCase] = [
        StartCase(name: "an endpoint's slots", queued: (0..<4).map { queued("m\($0)") }, started: ["m0", "m1"], stale: []),
        StartCase(
            name: "a lease that no longer covers an attempt", queued: [queued("old", leaseFor: 10), queued("fresh")], started: ["fresh"],
            stale: ["old"]),
        StartCase(name: "a lease that covers one just", queued: [queued("edge", leaseFor: 16)], started: ["edge"], stale: []),
    ]

    @Test(arguments: startCases)
    func queuedMessagesStartWhileTheirEndpointHasRoomAndTheirLeaseCoversAnAttempt(_ example: StartCase) {
        var state = Self.state(after: example.queued)
        state.mustClaim = false
        let (start, stale) = state.takeStartable(now: Self.start)
        #expect(start.map(\.delivery.id) == example.started)
        #expect(stale.map(\.delivery.id) == example.stale)
        #expect(state.mustClaim == !stale.isEmpty, "messages given back are claimed afresh")
        #expect(state.total == example.started.count)
    }

    @Test func noMoreStartThanTheOverallConcurrency() {
        let urls = ["https://a.example/hook", "https://b.example/hook", "https://c.example/hook"]
        var state = Self.state(after: urls.flatMap { url in (0..<3).map { Self.queued("\(url)#\($0)", url: url) } })
        let (start, _) = state.takeStartable(now: Self.start)
        #expect(start.count == Self.limits.concurrency)
        #expect(Dictionary(start.map { ($0.delivery.url, 1) }, uniquingKeysWith: +).values.allSatisfy { $0 <= Self.limits.perEndpoint })
        #expect(state.takeStartable(now: Self.start).start.isEmpty, "nothing more until a call answers")
        state.answered(start[0].delivery.endpoint)
        #expect(state.takeStartable(now: Self.start).start.count == 1, "an answer frees its slot before its record")
    }

    /// A store whose writer is busy (a broadcast's fan-out writing a chunk) leaves answers unrecorded: the
    /// sending goes on until `unrecorded` of them wait, and then only as records are written.
    @Test func answersWaitingForTheirRecordHoldNoSlotUpToTheirOwnLimit() {
        let limits = DispatchState.Limits(concurrency: 2, perEndpoint: 2, attemptTimeout: 15, unrecorded: 3)
        #expect(DispatchState.Limits(concurrency: 2, perEndpoint: 2, attemptTimeout: 15).unrecorded == 8, "four times the calls")
        var state = Self.state(after: (0..<8).map { Self.queued("m\($0)") }, limits: limits)
        let endpoint = WebhookEndpoint(appID: "app", url: "https://a.example/hook")
        var started = state.takeStartable(now: Self.start).start.count
        #expect(started == 2)
        // Calls answer one by one; none is recorded.
        for _ in 0..<3 {
            state.answered(endpoint)
            started += state.takeStartable(now: Self.start).start.count
        }
        #expect(started == 4 && state.total == 4 && state.calling == 1, "three answers wait: the limit, with a call slot free")
        state.recorded(finished: true)
        #expect(state.takeStartable(now: Self.start).start.count == 1, "one recorded: one starts")
        #expect(state.calling == 2 && state.total == 4)
    }

    @Test func aCallUnderWayHoldsItsSlotUntilItAnswers() {
        var state = Self.state(after: (0..<3).map { Self.queued("m\($0)") })
        #expect(state.takeStartable(now: Self.start).start.count == 2)
        #expect(state.takeStartable(now: Self.start).start.isEmpty)
        state.answered(WebhookEndpoint(appID: "app", url: "https://a.example/hook"))
        #expect(state.takeStartable(now: Self.start).start.map(\.delivery.id) == ["m2"], "the slot frees before the record")
    }

    @Test func aHostOfBrowsersOrPhonesHasItsOwnRoundBesideAWebhookEndpoints() {
        let limits = DispatchState.Limits(concurrency: 16, perEndpoint: 2, perHost: 5, attemptTimeout: 15)
        func queued(_ id: String, _ destination: WebhookDeliveryRecord.Destination, url: String) -> DispatchState.Queued {
            var message = Self.queued(id, url: url)
            message.delivery.destination = destination
            return message
        }
        let browsers = (0..<8).map { queued("b\($0)", .browser, url: "https://push.example") }
        let phones = (0..<8).map { queued("p\($0)", .phone, url: "apns") }
        let hooks = (0..<8).map { queued("w\($0)", .webhook, url: "https://a.example/hook") }
        var state = Self.state(after: browsers + phones + hooks, limits: limits)
        let started = state.takeStartable(now: Self.start).start.map(\.delivery.id)
        #expect(started.filter { $0.hasPrefix("b") }.count == 5 && started.filter { $0.hasPrefix("p") }.count == 5)
        #expect(started.filter { $0.hasPrefix("w") }.count == 2)
        // Each lane's room: four of its rounds, less what it holds.
        state.mustClaim = true
        guard case .claim(let plan) = state.cycle(now: Self.start) else {
            Issue.record("a wake-up claims")
            return
        }
        #expect(plan.room[WebhookEndpoint(appID: "app", url: "https://push.example")] == 20 - 8)
        #expect(plan.room[WebhookEndpoint(appID: "app", url: "apns")] == 20 - 8)
        #expect(plan.room[WebhookEndpoint(appID: "app", url: "https://a.example/hook")] == 8 - 8)
        #expect(plan.defaultRoom == 8, "a lane no claim brought yet: an endpoint's")
    }

    // MARK: when to claim, and how much

    @Test func theFirstCycleClaimsForEveryEndpointsSlotsAndThreeRoundsBehind() {
        var state = DispatchState(limits: Self.limits)
        #expect(state.cycle(now: Self.start) == .claim(DispatchState.ClaimPlan(room: [:], defaultRoom: 8, limit: 8)))
        #expect(state.cycle(now: Self.start) == .wait(until: nil), "one claim at a time: its end wakes the loop")
    }

    @Test func aClaimThatBroughtLessThanItsRoomDrainedItsEndpointsUntilAWakeUp() {
        var state = Self.state(after: [Self.queued("m0")])
        #expect(state.drained.count == 1 && state.busy.isEmpty)
        _ = state.takeStartable(now: Self.start)
        #expect(state.cycle(now: Self.start) == .wait(until: nil), "a drained endpoint's short queue asks for nothing")
        state.mustClaim = true
        guard case .claim(let plan) = state.cycle(now: Self.start) else {
            Issue.record("a wake-up claims")
            return
        }
        #expect(plan.room == [WebhookEndpoint(appID: "app", url: "https://a.example/hook"): 7], "its room less the call under way")
    }

    @Test func anEndpointWithMoreDueIsClaimedFromOnceItsQueueHoldsLessThanARound() {
        let endpoint = WebhookEndpoint(appID: "app", url: "https://a.example/hook")
        var state = Self.state(after: (0..<8).map { Self.queued("m\($0)") })
        #expect(state.busy == [endpoint], "the claim filled its room: more may be due")
        state.mustClaim = false
        _ = state.takeStartable(now: Self.start)
        // One answer at a time: a call stays under way, so the dispatcher is never idle.
        while state.queuedCount >= Self.limits.perEndpoint {
            #expect(state.cycle(now: Self.start) == .wait(until: nil), "\(state.queuedCount) queued: a round or more")
            state.answered(endpoint)
            state.recorded(finished: true)
            #expect(state.takeStartable(now: Self.start).start.count == 1)
        }
        #expect(!state.mustClaim && state.total > 0)
        guard case .claim(let plan) = state.cycle(now: Self.start) else {
            Issue.record("a queue under a round claims again")
            return
        }
        #expect(plan.room[endpoint] == 8 - state.queuedCount - (state.inFlight[endpoint] ?? 0))
    }

    @Test func aFailedClaimIsRetriedOnceItsPauseIsOverAndTheNextDueDateIsWaitedFor() {
        var state = DispatchState(limits: Self.limits)
        _ = state.cycle(now: Self.start)
        #expect(state.cycle(now: Self.start) == .wait(until: nil), "one claim at a time, its pause included")
        state.claimFailed()
        // Whatever the schedule's clock says (a virtual one may not move until the dispatcher settles).
        guard case .claim(let plan) = state.cycle(now: Self.start) else {
            Issue.record("claims again once the pause is over")
            return
        }
        state.queue([], plan: plan)
        state.claimEnded(nextDue: Self.start.addingTimeInterval(60))
        #expect(state.cycle(now: Self.start.addingTimeInterval(2)) == .wait(until: Self.start.addingTimeInterval(60)))
    }

    @Test func anAttemptThatDidNotFinishItsMessageAsksForAClaim() {
        var state = Self.state(after: (0..<3).map { Self.queued("m\($0)") })
        _ = state.takeStartable(now: Self.start)
        _ = state.cycle(now: Self.start)
        #expect(!state.mustClaim)
        state.recorded(finished: false)
        #expect(state.mustClaim, "its message is due again later")
    }

    @Test func a410TakesWhatIsQueuedForItsEndpoint() {
        var state = Self.state(after: (0..<4).map { Self.queued("m\($0)") } + [Self.queued("b0", url: "https://b.example/hook")])
        _ = state.takeStartable(now: Self.start)
        let taken = state.takeQueued(on: WebhookEndpoint(appID: "app", url: "https://a.example/hook"))
        #expect(taken.map(\.delivery.id) == ["m2", "m3"])
        #expect(state.queuedCount == 0)
        #expect(state.drained.contains(WebhookEndpoint(appID: "app", url: "https://a.example/hook")))
    }

    // MARK: what an answer does to its message and its endpoint

    struct AnswerCase: Sendable, CustomTestStringConvertible {
        var name: String
        var verdict: DeliveryVerdict
        var failuresBefore: Int
        var status: WebhookDeliveryRecord.Status
        var nextAttempt: TimeInterval?
        var endpoint: EndpointOutcome
        /// The channel's: the app's webhook schedule unless said.
        var policy = RetryPolicy.schedule(RetrySchedule())
        var destination = WebhookDeliveryRecord.Destination.webhook
        var testDescription: String { name }
    }

    static let day: TimeInterval = 5 * 86_400
    static let answerCases: [AnswerCase] = [
        AnswerCase(name: "2xx", verdict: .delivered, failuresBefore: 2, status: .delivered, nextAttempt: nil, endpoint: .answered),
        AnswerCase(name: "abort-message", verdict: .abort, failuresBefore: 0, status: .aborted, nextAttempt: nil, endpoint: .answered),
        AnswerCase(name: "410", verdict: .disableEndpoint, failuresBefore: 0, status: .pending, nextAttempt: 0, endpoint: .gone),
        AnswerCase(
            name: "first failure", verdict: .retry(retryAfter: nil), failuresBefore: 0, status: .pending, nextAttempt: 5,
            endpoint: .failed(disableIfFailingSince: start.addingTimeInterval(-day))),
        AnswerCase(
            name: "Retry-After beyond the schedule", verdict: .retry(retryAfter: 120), failuresBefore: 0, status: .pending,
            nextAttempt: 120,
            endpoint: .failed(disableIfFailingSince: start.addingTimeInterval(-day))),
        AnswerCase(
            name: "the schedule's last failure", verdict: .retry(retryAfter: nil), failuresBefore: RetrySchedule.standard.count,
            status: .failed, nextAttempt: nil, endpoint: .failed(disableIfFailingSince: start.addingTimeInterval(-day))),
    ]

    @Test(arguments: answerCases)
    func anAnswerDecidesTheMessagesStateAndWhatItSaysOfItsEndpoint(_ example: AnswerCase) {
        var delivery = Self.message("m")
        delivery.destination = example.destination
        delivery.failures = example.failuresBefore
        delivery.attempts = example.failuresBefore
        let (updated, endpoint) = DispatchState.afterAttempt(
            delivery, verdict: example.verdict, at: Self.start, policy: example.policy, disableAfter: Self.day, random: { _ in 1 })
        #expect(updated.status == example.status)
        #expect(updated.attempts == example.failuresBefore + 1)
        #expect(updated.nextAttempt == example.nextAttempt.map { Self.start.addingTimeInterval($0) })
        #expect(endpoint == example.endpoint)
    }

    /// A push's or a relay's: doubling from 5 s to an hour while it lives, whatever the app's schedule; its
    /// lane (a host shared by every device there) is never disabled by one device's failures.
    static let pushing = RetryPolicy.backoff(until: start.addingTimeInterval(86_400))
    static let pushCases: [AnswerCase] = [
        AnswerCase(
            name: "a push's first failure", verdict: .retry(retryAfter: nil), failuresBefore: 0, status: .pending, nextAttempt: 5,
            endpoint: .answered, policy: pushing, destination: .browser),
        AnswerCase(
            name: "429 without Retry-After backs off", verdict: .retry(retryAfter: nil), failuresBefore: 3, status: .pending,
            nextAttempt: 40, endpoint: .answered, policy: pushing, destination: .phone),
        AnswerCase(
            name: "429's Retry-After beyond the backoff", verdict: .retry(retryAfter: 600), failuresBefore: 1, status: .pending,
            nextAttempt: 600, endpoint: .answered, policy: pushing, destination: .browser),
        AnswerCase(
            name: "the backoff stops doubling at an hour", verdict: .retry(retryAfter: nil), failuresBefore: 30, status: .pending,
            nextAttempt: 3600, endpoint: .answered, policy: pushing, destination: .phone),
        AnswerCase(
            name: "no schedule's end: 100 failures still retry", verdict: .retry(retryAfter: nil), failuresBefore: 100,
            status: .pending, nextAttempt: 3600, endpoint: .answered,
            policy: pushing, destination: .browser),
        AnswerCase(
            name: "a retry that would come after its lifetime expires", verdict: .retry(retryAfter: nil), failuresBefore: 0,
            status: .expired, nextAttempt: nil, endpoint: .answered,
            policy: .backoff(until: start.addingTimeInterval(4)), destination: .phone),
        AnswerCase(
            name: "a Retry-After past its lifetime expires", verdict: .retry(retryAfter: 86_400), failuresBefore: 0,
            status: .expired, nextAttempt: nil, endpoint: .answered,
            policy: pushing, destination: .browser),
        AnswerCase(
            name: "expired before it was sent", verdict: .expire, failuresBefore: 2, status: .expired, nextAttempt: nil,
            endpoint: .answered, policy: pushing, destination: .phone),
    ]

    @Test func whileTheClockIsVirtualAPushsRetryAlsoComesInRealTime() {
        let wallNow = Date(timeIntervalSince1970: 1_000_000)
        var delivery = Self.message("m")
        delivery.destination = .phone
        let (retried, _) = DispatchState.afterAttempt(
            delivery, verdict: .retry(retryAfter: nil), at: Self.start, wallNow: wallNow, policy: Self.pushing, disableAfter: Self.day,
            random: { _ in 1 })
        #expect(retried.nextAttempt == Self.start.addingTimeInterval(5) && retried.dueOnWallClock == wallNow.addingTimeInterval(5))
        // A webhook's retry keeps to the schedule's clock, and an answer clears a retry in real time.
        let (hook, _) = DispatchState.afterAttempt(
            Self.message("w"), verdict: .retry(retryAfter: nil), at: Self.start, wallNow: wallNow, policy: .schedule(RetrySchedule()),
            disableAfter: Self.day, random: { _ in 1 })
        #expect(hook.dueOnWallClock == nil)
        let (delivered, _) = DispatchState.afterAttempt(
            retried, verdict: .delivered, at: Self.start, wallNow: wallNow, policy: Self.pushing, disableAfter: Self.day, random: { _ in 1 }
        )
        #expect(delivered.dueOnWallClock == nil)
    }

    @Test(arguments: pushCases)
    func aPushOrARelayRetriesOnItsOwnWhileItLives(_ example: AnswerCase) {
        anAnswerDecidesTheMessagesStateAndWhatItSaysOfItsEndpoint(example)
    }
}
