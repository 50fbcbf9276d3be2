import Clocks
import Foundation
import HTTPTypes
import Logging
import NotificationCore
import Outbox
import SQLiteStorage
import Scheduling
import Storage
import Synchronization
import Testing
import Webhooks

/// Each channel retries by its own policy, through the real dispatcher and a real SQLite outbox, with a
/// scripted channel in place of a transport and a manual clock in place of time.
@Suite struct ChannelPolicyTests {
    static let start = OutboxDispatcherTests.start

    /// A channel that answers every attempt as told, and says when it was called.
    final class ScriptedChannel: DeliveryChannel {
        let answer: @Sendable () -> ChannelAnswer
        let policy: @Sendable (WebhookDeliveryRecord) -> RetryPolicy
        let clock: ManualClock
        /// Whom its messages' receipts are about.
        let target: ReceiptTarget?
        private let calls = Mutex<[Date]>([])

        init(
            clock: ManualClock, policy: @escaping @Sendable (WebhookDeliveryRecord) -> RetryPolicy, target: ReceiptTarget? = nil,
            answer: @escaping @Sendable () -> ChannelAnswer
        ) {
            self.clock = clock
            self.policy = policy
            self.target = target
            self.answer = answer
        }

        func receiptTarget(of message: WebhookDeliveryRecord) async -> ReceiptTarget? { target }

        var called: [TimeInterval] { calls.withLock { $0.map { $0.timeIntervalSince(ChannelPolicyTests.start) } } }

        func send(_ message: WebhookDeliveryRecord, context: AttemptContext) async -> ChannelAnswer {
            calls.withLock { $0.append(clock.now) }
            return answer()
        }

        func retryPolicy(for message: WebhookDeliveryRecord, configuration: WebhookConfiguration?) -> RetryPolicy { policy(message) }
    }

    /// 429 without `Retry-After`, as APNs answers a device sent too many.
    static let tooMany: @Sendable () -> ChannelAnswer = {
        ChannelAnswer(AttemptOutcome(status: 429, headers: [], body: [], error: nil, duration: .zero), .retry(retryAfter: nil))
    }

    /// A store with app "app" and one message to a browser, written `age` seconds before `start`.
    static func outbox(age: TimeInterval = 0) async throws -> SQLiteStore {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("policy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SQLiteStore(path: directory.appendingPathComponent("usernotifyd.sqlite").path)
        try await store.insertApp(AppRecord(id: "app", name: "app", createdAt: start))
        try await store.enqueueDeliveries([
            WebhookDeliveryRecord(
                id: "msg_push", appID: "app", url: "https://push.example/1", type: .notificationDelivered, payload: Data("{}".utf8),
                nextAttempt: start, createdAt: start.addingTimeInterval(-age), destination: .browser, subscriptionID: "wps_1")
        ])
        return store
    }

    /// Runs a dispatcher with `channel` for browsers over `store`, settled at `start` and after each of
    /// `steps` (seconds the clock moves), then stopped.
    static func dispatch(_ store: SQLiteStore, clock: ManualClock, channel: ScriptedChannel, steps: [TimeInterval]) async throws {
        let dispatcher = OutboxDispatcher(
            store: store, clock: clock, wallClock: clock, channels: [.browser: channel], logger: OutboxDispatcherTests.quiet,
            random: { _ in 1 })
        await withDiscardingTaskGroup { group in
            group.addTask { try? await dispatcher.run() }
            await dispatcher.settle()
            for step in steps {
                _ = clock.advance(by: step)
                dispatcher.wake()
                await dispatcher.settle()
            }
            group.cancelAll()
        }
    }

    @Test func aPushThatIsRefusedForNowBacksOffDoublingAndExpiresAtTheEndOfItsLife() async throws {
        let store = try await Self.outbox()
        let clock = ManualClock(now: Self.start)
        // A minute to live: 429 at 0, 5, 15 and 35 s; the next would come at 75 s, past it.
        let channel = ScriptedChannel(clock: clock, policy: { .backoff(until: $0.createdAt.addingTimeInterval(60)) }, answer: Self.tooMany)
        try await Self.dispatch(store, clock: clock, channel: channel, steps: [4, 1, 9, 1, 19, 1, 100])
        #expect(channel.called == [0, 5, 15, 35], "not before each doubled delay, and never after its life")
        let (message, attempts) = try #require(try await store.delivery(appID: "app", id: "msg_push"))
        #expect(message.status == .expired && message.nextAttempt == nil)
        #expect(attempts.map(\.statusCode) == [429, 429, 429, 429])
        #expect(try await store.deliveries(appID: "app", status: .expired, after: nil, limit: 10).items.map(\.id) == ["msg_push"])
    }

    @Test func aPushThatWaitedPastItsLifeIsNotSentLate() async throws {
        // Written two days ago with a day to live (a removal), due now: the dispatchers were down meanwhile.
        let store = try await Self.outbox(age: 2 * 86_400)
        let clock = ManualClock(now: Self.start)
        let channel = ScriptedChannel(
            clock: clock, policy: { .backoff(until: $0.createdAt.addingTimeInterval(86_400)) },
            answer: {
                Issue.record("sent late"); return Self.tooMany()
            })
        try await Self.dispatch(store, clock: clock, channel: channel, steps: [])
        #expect(channel.called.isEmpty)
        let (message, attempts) = try #require(try await store.delivery(appID: "app", id: "msg_push"))
        #expect(message.status == .expired)
        #expect(attempts.count == 1 && attempts[0].statusCode == nil && attempts[0].error?.hasPrefix("expired") == true)
    }

    /// A notification's push that expires says so in its device's receipt, whether it ran out of time
    /// between attempts or waited past its life before any; one sent says sent, with its message id.
    @Test(arguments: [(age: 0.0, sent: false), (age: 2 * 86_400.0, sent: false), (age: 0.0, sent: true)])
    func aPushsEndIsItsDevicesReceipt(age: TimeInterval, sent: Bool) async throws {
        let store = try await Self.outbox(age: age)
        let center = CenterKey(appID: "app", centerID: "c")
        try await store.insertCenter(CenterRecord(id: "c", appID: "app", createdAt: Self.start))
        let target = ReceiptTarget(center: center, identifier: "tea", deliveredAt: Self.start, destination: "wps_1", channel: .browser)
        let clock = ManualClock(now: Self.start)
        let channel = ScriptedChannel(clock: clock, policy: { .backoff(until: $0.createdAt.addingTimeInterval(60)) }, target: target) {
            sent
                ? ChannelAnswer(
                    AttemptOutcome(status: 201, headers: [], body: [], error: nil, duration: .zero), .delivered, providerMessageID: "m/1",
                    receipt: target)
                : ChannelAnswer(
                    AttemptOutcome(status: 429, headers: [], body: [], error: nil, duration: .zero), .retry(retryAfter: nil),
                    receipt: target)
        }
        try await Self.dispatch(store, clock: clock, channel: channel, steps: [4, 1, 9, 1, 19, 1, 100])
        let steps = try await store.receipts(center, identifier: "tea")
        #expect(steps.map(\.stage) == [sent ? .sent : .expired], "one step, at the message's end")
        #expect(steps.first?.destination == "wps_1" && steps.first?.channel == .browser && steps.first?.deliveredAt == Self.start)
        if sent { #expect(steps.first?.detail == "m/1") }
    }

    @Test func aWebhookKeepsTheAppsScheduleAndFailsAtItsEnd() async throws {
        let store = try await Self.outbox()
        let clock = ManualClock(now: Self.start)
        // The default policy: the app's schedule (here two delays), whatever a push's would be.
        struct Plain: DeliveryChannel {
            let inner: ScriptedChannel
            func send(_ message: WebhookDeliveryRecord, context: AttemptContext) async -> ChannelAnswer {
                await inner.send(message, context: context)
            }
        }
        var configuration = WebhookConfiguration(delegateURL: "https://example.com/hook", secrets: [WebhookSecret.generate().text])
        configuration.retryDelays = [10, 100]
        try await store.setWebhookConfiguration(appID: "app", configuration)
        let inner = ScriptedChannel(clock: clock, policy: { _ in .backoff(until: .distantFuture) }, answer: Self.tooMany)
        let dispatcher = OutboxDispatcher(
            store: store, clock: clock, wallClock: clock, channels: [.browser: Plain(inner: inner)],
            logger: OutboxDispatcherTests.quiet, random: { _ in 1 })
        await withDiscardingTaskGroup { group in
            group.addTask { try? await dispatcher.run() }
            await dispatcher.settle()
            for step: TimeInterval in [10, 100, 1000] {
                _ = clock.advance(by: step)
                dispatcher.wake()
                await dispatcher.settle()
            }
            group.cancelAll()
        }
        #expect(inner.called == [0, 10, 110])
        #expect(try await store.delivery(appID: "app", id: "msg_push")?.0.status == .failed)
    }
}

/// What a channel reads for a claimed batch is taken once by each of the batch's attempts.
@Suite struct PrefetchedTests {
    @Test func eachReadValueIsTakenOncePerMessageAndWhatWasGoneSaysSo() {
        let prefetched = Prefetched<String> { _ in [:] }
        prefetched.fill(["a", "b", "a"], found: ["a": "subscription a"])
        #expect(prefetched.take("a") == .some("subscription a"))
        #expect(prefetched.take("a") == .some("subscription a"), "the batch's second message to it")
        #expect(prefetched.take("a") == nil, "once per message: a retry reads afresh")
        #expect(prefetched.take("b") == .some(nil), "gone when the batch was read")
        #expect(prefetched.take("c") == nil, "not in the batch")
    }

    @Test func whatNoAttemptTookIsDroppedAtTheNextFill() {
        let prefetched = Prefetched<String>(keep: .zero) { _ in [:] }
        prefetched.fill(["a"], found: ["a": "old"])
        prefetched.fill(["b"], found: ["b": "new"])
        #expect(prefetched.take("a") == nil && prefetched.take("b") == .some("new"))
    }
}
