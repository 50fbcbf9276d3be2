import Clocks
import Foundation
import HTTPCore
import HTTPTypes
import Logging
import MicroHTTPD
import OutboundHTTP
import Outbox
import SQLiteStorage
import Scheduling
import Storage
import Synchronization
import TestSupport
import Testing
import WebhookDelivery
import Webhooks

/// The dispatcher's claims ahead of its attempts: a real SQLite outbox, a real receiver on loopback that
/// holds every call until the test lets it answer.
@Suite struct OutboxDispatcherTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A store in a fresh directory with app "app" sending to `url`, and `count` messages due at `start`.
    static func outbox(url: String, count: Int) async throws -> SQLiteStore {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dispatch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SQLiteStore(path: directory.appendingPathComponent("usernotifyd.sqlite").path)
        try await store.insertApp(AppRecord(id: "app", name: "app", createdAt: start))
        try await store.setWebhookConfiguration(
            appID: "app", WebhookConfiguration(delegateURL: url, secrets: [WebhookSecret.generate().text]))
        try await store.enqueueDeliveries(
            (0..<count).map {
                WebhookDeliveryRecord(
                    id: "msg_\($0)", appID: "app", url: url, type: .notificationResponse, payload: Data("{}".utf8),
                    nextAttempt: start.addingTimeInterval(Double($0) / 1000), createdAt: start)
            })
        return store
    }

    /// Runs a receiver that counts calls and answers none until `gate` opens, around `body`.
    static func withHoldingReceiver(
        _ gate: AsyncGate, calls: AsyncCounter, answering status: HTTPStatus = .noContent, _ body: (String) async throws -> Void
    ) async throws {
        var router = Router()
        router.on(.post, "/hook") { _ in
            calls.add(1)
            await gate.wait()
            return Response(status: status)
        }
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let server = HTTPServer(
            configuration: configuration, responder: router, logger: Self.quiet, onListening: { portContinuation.yield($0) })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            do {
                try await body("http://127.0.0.1:\(port)/hook")
            } catch {
                gate.open()
                group.cancelAll()
                throw error
            }
            gate.open()
            group.cancelAll()
        }
    }

    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A dispatcher whose schedule and leases both run on `clock` (injected: the test moves time). The
    /// attempt timeout is real time: a held call must not time out however slow the machine is (CI's
    /// loaded run held one past 15 s, its failure made the loop claim again), so it and the lease on the
    /// manual clock are long, in the same proportion as a deployment's.
    static func dispatcher(_ store: any WebhookStore, clock: ManualClock) -> (OutboxDispatcher, OutboundHTTPClient) {
        let sender = OutboundHTTPClient(policy: OutboundURLPolicy(allowedNetworks: [IPNetwork("127.0.0.0/8")!]))
        var configuration = OutboxDispatcher.Configuration()
        configuration.perEndpoint = 1
        configuration.lease = 2_000
        configuration.attemptTimeout = .seconds(1_500)
        return (
            OutboxDispatcher(
                store: store, clock: clock, wallClock: clock, channels: [.webhook: WebhookChannel(client: sender)], logger: quiet,
                configuration: configuration),
            sender
        )
    }

    /// Runs a dispatcher with one attempt in flight per endpoint (a 2,000 s lease, a 1,500 s attempt timeout) on
    /// a manual clock over `count` messages to a receiver that holds every call, once the first call has
    /// arrived runs `body`, then stops the dispatcher (cancelled) and returns the outbox and the clock.
    @discardableResult
    static func whileHoldingTheFirstCall(
        messages count: Int, _ body: (SQLiteStore, ManualClock, OutboxDispatcher, AsyncCounter) async throws -> Void = { _, _, _, _ in }
    ) async throws -> (SQLiteStore, ManualClock) {
        let gate = AsyncGate()
        let calls = AsyncCounter()
        var ran: (SQLiteStore, ManualClock)?
        try await withHoldingReceiver(gate, calls: calls) { url in
            let store = try await outbox(url: url, count: count)
            let clock = ManualClock(now: start.addingTimeInterval(1))
            let (dispatcher, sender) = dispatcher(store, clock: clock)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await dispatcher.run() }
                #expect(await calls.eventually { $0 == 1 })
                try await body(store, clock, dispatcher, calls)
                group.cancelAll()
                try await group.waitForAll()
            }
            await sender.shutdown()
            ran = (store, clock)
        }
        return try #require(ran)
    }

    /// The ids `claimDueDeliveries` gives now, at `date`: what no live claim holds.
    static func claimable(_ store: SQLiteStore, at date: Date) async throws -> [String] {
        try await store.claimDueDeliveries(
            now: date, limit: 100, perEndpoint: [:], defaultPerEndpoint: 100, lease: Lease(seconds: 1, from: date)
        ).map(\.id)
    }

    @Test func messagesQueuedBehindABusyEndpointGoBackWhenTheDispatcherStops() async throws {
        // One call in flight (held), three messages claimed behind it, when the dispatcher stops.
        let (store, clock) = try await Self.whileHoldingTheFirstCall(messages: 5)
        // msg_0 was under way; msg_1 to msg_3 were queued and went back.
        #expect(try await Self.claimable(store, at: clock.now) == ["msg_1", "msg_2", "msg_3", "msg_4"])
    }

    /// One claim fills an endpoint's slots and three rounds behind them, and the next waits until less
    /// than a round is queued: a held call (one slot) leaves three messages claimed behind it, no more.
    @Test func aClaimQueuesThreeRoundsBehindAnEndpointsSlots() async throws {
        try await Self.whileHoldingTheFirstCall(messages: 6) { store, _, _, _ in
            var claimed: [String] = []
            for index in 0..<6 where try await store.delivery(appID: "app", id: "msg_\(index)")?.0.claim != nil {
                claimed.append("msg_\(index)")
            }
            #expect(claimed == ["msg_0", "msg_1", "msg_2", "msg_3"])
        }
    }

    @Test func aQueuedMessageWhoseLeaseWouldRunOutBeforeItsAttemptGoesBackAndIsClaimedAfresh() async throws {
        try await Self.whileHoldingTheFirstCall(messages: 2) { store, clock, dispatcher, calls in
            let first = try #require(try await store.delivery(appID: "app", id: "msg_1")?.0.claim)
            // 1,000 s on, a claim made at the start (2,000 s) no longer covers an attempt (1,500 s).
            _ = clock.advance(by: 1_000)
            dispatcher.wake()
            var renewed = false
            for _ in 0..<6_000 where !renewed {
                let claim = try await store.delivery(appID: "app", id: "msg_1")?.0.claim
                renewed = claim != nil && claim != first
                if !renewed { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(renewed, "msg_1 was given back and claimed again under a new lease")
            #expect(calls.current == 1, "and it still waits for msg_0's slot")
        }
    }

    /// At rest — everything due delivered and recorded — the dispatcher waits for a wake-up or the next
    /// due date and writes nothing: a claim's end (claims run beside the loop) must not start another.
    @Test func aDispatcherAtRestClaimsNothingMore() async throws {
        let gate = AsyncGate()
        gate.open()
        let calls = AsyncCounter()
        try await Self.withHoldingReceiver(gate, calls: calls) { url in
            let store = try await Self.outbox(url: url, count: 3)
            let (dispatcher, sender) = Self.dispatcher(store, clock: ManualClock(now: Self.start.addingTimeInterval(1)))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await dispatcher.run() }
                await dispatcher.settle()
                let commits = store.commitCount
                // At rest the loop waits for a wake with no deadline on either clock, so nothing but a
                // change can make it claim or commit again (a loop of claims would never rest).
                let bound = ContinuousClock.now + .seconds(300)  // turns a loop that never rests into a failure
                while !dispatcher.isResting && ContinuousClock.now < bound { try await Task.sleep(for: .milliseconds(1)) }
                #expect(dispatcher.isResting, "the dispatcher never came to rest")
                #expect(store.commitCount == commits, "\(store.commitCount - commits) commits on the way to rest")
                group.cancelAll()
                try await group.waitForAll()
            }
            await sender.shutdown()
            #expect(calls.current == 3)
        }
    }

    @Test func messagesQueuedForAnEndpointThatAnswersGoneAreNotSentThere() async throws {
        let gate = AsyncGate()
        gate.open()
        let calls = AsyncCounter()
        try await Self.withHoldingReceiver(gate, calls: calls, answering: .gone) { url in
            let store = try await Self.outbox(url: url, count: 3)
            let (dispatcher, sender) = Self.dispatcher(store, clock: ManualClock(now: Self.start.addingTimeInterval(1)))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await dispatcher.run() }
                await dispatcher.settle()
                group.cancelAll()
                try await group.waitForAll()
            }
            await sender.shutdown()
            #expect(calls.current == 1, "msg_1 was queued behind msg_0 when the endpoint answered 410")
            for id in ["msg_1", "msg_2"] {
                let (message, attempts) = try #require(try await store.delivery(appID: "app", id: id))
                #expect(message.status == .pending && message.claim == nil && attempts.isEmpty, "\(id) waits, unclaimed")
            }
        }
    }
}

/// The outbox of a store whose first claims or first records fail (the database out of reach for a moment).
private final class FlakyOutbox: WebhookStore {
    let inner: SQLiteStore
    /// How many claims, and how many record writes, fail before they work; those left to fail.
    let failing: Mutex<(claims: Int, records: Int)>

    init(_ inner: SQLiteStore, failingClaims: Int = 0, failingRecords: Int = 0) {
        self.inner = inner
        failing = Mutex((failingClaims, failingRecords))
    }

    struct Unavailable: Error {}

    var failedAll: Bool { failing.withLock { $0 == (0, 0) } }

    func claimDueDeliveries(
        now: Date, limit: Int, perEndpoint: [WebhookEndpoint: Int], defaultPerEndpoint: Int, lease: Lease, orDueOnWallClock: Bool
    ) async throws -> [WebhookDeliveryRecord] {
        if failing.withLock({ failing in
            defer { failing.claims = max(0, failing.claims - 1) }
            return failing.claims > 0
        }) {
            throw Unavailable()
        }
        return try await inner.claimDueDeliveries(
            now: now, limit: limit, perEndpoint: perEndpoint, defaultPerEndpoint: defaultPerEndpoint, lease: lease,
            orDueOnWallClock: orDueOnWallClock)
    }

    func webhookConfiguration(appID: String) async throws -> WebhookConfiguration? { try await inner.webhookConfiguration(appID: appID) }
    func setWebhookConfiguration(appID: String, _ configuration: WebhookConfiguration?) async throws {
        try await inner.setWebhookConfiguration(appID: appID, configuration)
    }
    func enqueueDeliveries(_ deliveries: [WebhookDeliveryRecord]) async throws { try await inner.enqueueDeliveries(deliveries) }
    func releaseDeliveries(_ deliveries: [WebhookDeliveryRecord]) async throws { try await inner.releaseDeliveries(deliveries) }
    func nextDeliveryDate(excluding full: Set<WebhookEndpoint>, leaseNow: Date) async throws -> Date? {
        try await inner.nextDeliveryDate(excluding: full, leaseNow: leaseNow)
    }
    func nextDueOnWallClock(after leaseNow: Date) async throws -> Date? { try await inner.nextDueOnWallClock(after: leaseNow) }
    func hasAttemptsInFlight(leaseNow: Date) async throws -> Bool { try await inner.hasAttemptsInFlight(leaseNow: leaseNow) }
    func outboxFigures(at now: Date) async throws -> OutboxFigures { try await inner.outboxFigures(at: now) }
    func recordAttempts(_ attempts: [RecordedAttempt]) async throws {
        if failing.withLock({ failing in
            defer { failing.records = max(0, failing.records - 1) }
            return failing.records > 0
        }) {
            throw Unavailable()
        }
        try await inner.recordAttempts(attempts)
    }
    func deliveries(appID: String, filter: DeliveryFilter, after cursor: String?, limit: Int) async throws -> Page<WebhookDeliveryRecord> {
        try await inner.deliveries(appID: appID, filter: filter, after: cursor, limit: limit)
    }
    func delivery(appID: String, id: String) async throws -> (WebhookDeliveryRecord, [DeliveryAttemptRecord])? {
        try await inner.delivery(appID: appID, id: id)
    }
    func replayDelivery(appID: String, id: String, now: Date) async throws -> Bool {
        try await inner.replayDelivery(appID: appID, id: id, now: now)
    }
    func endpointStates(appID: String) async throws -> [EndpointState] { try await inner.endpointStates(appID: appID) }
    func enableEndpoint(appID: String, url: String) async throws -> Bool { try await inner.enableEndpoint(appID: appID, url: url) }
}

extension OutboxDispatcherTests {
    /// A claim that fails is tried again after a second of real time, whatever the schedule's clock: a
    /// virtual clock that nobody moves (its move waits for this very settle) does not hold it up.
    @Test func aFailedClaimIsTriedAgainInRealTimeThoughTheVirtualClockStands() async throws {
        let gate = AsyncGate()
        gate.open()
        let calls = AsyncCounter()
        try await Self.withHoldingReceiver(gate, calls: calls) { url in
            let store = FlakyOutbox(try await Self.outbox(url: url, count: 3), failingClaims: 1)
            let sender = OutboundHTTPClient(policy: OutboundURLPolicy(allowedNetworks: [IPNetwork("127.0.0.0/8")!]))
            let dispatcher = OutboxDispatcher(
                store: store, clock: ManualClock(now: Self.start.addingTimeInterval(1)), wallClock: SystemClock(),
                channels: [.webhook: WebhookChannel(client: sender)],
                logger: Self.quiet)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await dispatcher.run() }
                // Bounded for a broken build (which waited for the virtual clock for good), not a timing.
                let delivered = await calls.eventually { $0 == 3 }
                #expect(delivered, "the dispatcher never claimed again after its failed claim")
                #expect(store.failedAll)
                if delivered { await dispatcher.settle() }
                group.cancelAll()
                try await group.waitForAll()
            }
            await sender.shutdown()
            #expect(calls.current == 3)
        }
    }
}

extension OutboxDispatcherTests {
    /// Messages sent whose records the store refused twice (out of reach for a moment) are recorded once it
    /// takes them again, after the record's pauses (1 s, then 2 s, on the wall clock the test moves) and
    /// within their claims (2,000 s), and are not sent again.
    @Test func attemptsWhoseRecordsFailedAreRecordedLaterNotSentAgain() async throws {
        let gate = AsyncGate()
        gate.open()
        let calls = AsyncCounter()
        try await Self.withHoldingReceiver(gate, calls: calls) { url in
            let store = FlakyOutbox(try await Self.outbox(url: url, count: 3), failingRecords: 2)
            let clock = ManualClock(now: Self.start.addingTimeInterval(1))
            let (dispatcher, sender) = Self.dispatcher(store, clock: clock)
            let recorded = await withTaskGroup(of: Void.self) { group in
                group.addTask { try? await dispatcher.run() }
                defer { group.cancelAll() }
                do {
                    // A second of the clock at each look: a pause begun before or after a move ends at a later one.
                    try await waitUntil("every message recorded delivered") {
                        _ = clock.advance(by: 1)
                        return try await store.inner.deliveries(appID: "app", status: .delivered, after: nil, limit: 10).items.count == 3
                    }
                    return clock.now < Self.start.addingTimeInterval(2_000)
                } catch {
                    Issue.record(error)
                    return false
                }
            }
            await sender.shutdown()
            #expect(recorded, "recorded within the claims")
            #expect(store.failedAll)
            #expect(calls.current == 3, "each message sent once")
        }
    }

    /// Each message is sent once by one process, however its claims, answers and records interleave: many
    /// messages on a few endpoints, few slots each (so claims run while records commit), a receiver that
    /// answers after a scripted short delay. A claim whose snapshot predated an attempt's record once found
    /// the message free again and sent it twice.
    @Test func aLiveProcessSendsEachMessageOnce() async throws {
        let received = Mutex<[String: Int]>([:])
        var router = Router()
        router.on(.post, "/hook/{endpoint}") { request in
            let id = request.headers[.webhookID] ?? "?"
            let seen = received.withLock { received in
                received[id, default: 0] += 1
                return received.count
            }
            // Answers come back out of order: a few after a pause, most at once.
            if seen % 7 == 0 { try await Task.sleep(for: .milliseconds(seen % 5)) }
            return Response(status: .noContent)
        }
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let server = HTTPServer(
            configuration: configuration, responder: router, logger: Self.quiet, onListening: { portContinuation.yield($0) })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run() }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dispatch-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try SQLiteStore(path: directory.appendingPathComponent("usernotifyd.sqlite").path)
            try await store.insertApp(AppRecord(id: "app", name: "app", createdAt: Self.start))
            try await store.setWebhookConfiguration(
                appID: "app", WebhookConfiguration(delegateURL: "http://127.0.0.1:\(port)/hook/0", secrets: [WebhookSecret.generate().text])
            )
            let count = 400
            try await store.enqueueDeliveries(
                (0..<count).map {
                    WebhookDeliveryRecord(
                        id: "msg_\($0)", appID: "app", url: "http://127.0.0.1:\(port)/hook/\($0 % 4)", type: .notificationResponse,
                        payload: Data("{}".utf8), nextAttempt: Self.start, createdAt: Self.start)
                })
            let clock = ManualClock(now: Self.start.addingTimeInterval(1))
            let sender = OutboundHTTPClient(policy: OutboundURLPolicy(allowedNetworks: [IPNetwork("127.0.0.0/8")!]))
            var dispatching = OutboxDispatcher.Configuration()
            dispatching.perEndpoint = 3
            // A time-out this test cannot hit however loaded the machine (CI's once took 190 s over it): a
            // message that timed out waits for a retry on a clock nobody moves, which is not what it tests.
            dispatching.attemptTimeout = .seconds(600)
            dispatching.lease = 1200
            let dispatcher = OutboxDispatcher(
                store: store, clock: clock, channels: [.webhook: WebhookChannel(client: sender)], logger: Self.quiet,
                configuration: dispatching)
            // An attempt that failed on the way (a connection the loaded machine could not open in time, a
            // kept-alive one the receiver closed as it was reused) is retried on the schedule's clock: moved
            // a day at a time until nothing is pending, so that such an attempt is a retry, not a message
            // left behind; what each retried message's attempt said is kept for the failure's message.
            var retried: [String] = []
            try await withThrowingTaskGroup(of: Void.self) { dispatching in
                dispatching.addTask { try await dispatcher.run() }
                await dispatcher.settle()
                for _ in 0..<5 {
                    let pending = try await store.deliveries(appID: "app", status: .pending, after: nil, limit: count).items
                    guard !pending.isEmpty else { break }
                    for message in pending {
                        let attempts = try await store.delivery(appID: "app", id: message.id)?.1 ?? []
                        // Left pending with no attempt that failed: the dispatcher passed it by.
                        #expect(!attempts.isEmpty, "\(message.id) was left pending without an attempt")
                        retried.append("\(message.id): \(attempts.map { $0.error ?? "HTTP \($0.statusCode ?? 0)" })")
                    }
                    _ = clock.advance(by: 86_400)
                    await dispatcher.settle()
                }
                dispatching.cancelAll()
                try await dispatching.waitForAll()
            }
            await sender.shutdown()
            let counts = received.withLock { $0 }
            #expect(counts.count == count, "every message arrived (retried: \(retried))")
            let twice = counts.filter { $0.value > 1 }.keys.sorted()
            #expect(twice.isEmpty, "sent more than once: \(twice.prefix(10)) (retried: \(retried))")
            #expect(try await store.deliveries(appID: "app", status: .pending, after: nil, limit: 10).items.isEmpty)
            group.cancelAll()
        }
    }
}
