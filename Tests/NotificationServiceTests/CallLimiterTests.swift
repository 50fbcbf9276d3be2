import Foundation
import NotificationCore
import NotificationService
import Storage
import Synchronization
import TestSupport
import Testing

/// The calls to an app's extensions are bounded per process: the ones over the limit wait their turn,
/// another app's go on, and every call is made.
@Suite struct CallLimiterTests {
    @Test func callsOverTheLimitWaitTheirTurn() async throws {
        let limiter = CallLimiter(limit: 4)
        let gate = AsyncGate()
        let running = InFlight()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<10 {
                group.addTask {
                    await limiter.run("a") {
                        running.begin()
                        await gate.wait()
                        running.end()
                        return index
                    }
                }
            }
            // Four run and six wait at the limiter, not inside a call.
            #expect(await running.started.eventually { $0 == 4 })
            #expect(await AsyncCounter().eventually { _ in limiter.waiting("a") == 6 })
            #expect(running.now == 4 && running.started.current == 4)
            // Another app's call does not wait for them.
            #expect(await limiter.run("b") { "b's" } == "b's")
            #expect(limiter.waiting("b") == 0 && limiter.waiting("a") == 6)
            gate.open()
            var finished: Set<Int> = []
            for try await index in group { finished.insert(index) }
            #expect(finished == Set(0..<10))
        }
        #expect(running.most == 4)
        #expect(limiter.waiting("a") == 0)
    }

    /// A burst whose requests ask the service extension, with `extensionConcurrency` 2: at most two calls
    /// at once, every notification delivered with the content the extension made.
    @Test func aBurstAsksTheServiceExtensionSoManyAtOnce() async throws {
        let delegate = CountingServiceExtension()
        let harness = try CenterHarness(extensionConcurrency: 2, delegate: delegate)
        harness.startScheduler()
        for index in 0..<6 {
            _ = try await harness.authorizedCenter("c\(index)")
            var mutable = request("n", .timeInterval(60, repeats: false))
            mutable.content.mutableContent = true
            _ = try await harness.add("c\(index)", mutable)
        }
        await harness.advance(by: 60)
        for index in 0..<6 {
            let titles = try await harness.delivered("c\(index)").map { $0.request.content.title }
            #expect(titles == ["Changed"], "c\(index)")
        }
        #expect(delegate.running.most == 2)
        await harness.stop()
    }
}

/// Calls in flight: now, at most, and how many began.
final class InFlight: Sendable {
    private let state = Mutex((now: 0, most: 0))
    let started = AsyncCounter()

    var now: Int { state.withLock { $0.now } }
    var most: Int { state.withLock { $0.most } }

    func begin() {
        state.withLock {
            $0.now += 1; $0.most = max($0.most, $0.now)
        }
        started.add(1)
    }

    func end() { state.withLock { $0.now -= 1 } }
}

/// A service extension that changes the title, and counts the calls in flight. The first two wait for
/// each other (the event, however long it takes), so two are in flight at once; then each stays until a
/// third began or a second passed: without a bound of two, three are in flight at once; with it, the
/// first two answer after that second and the rest at once. The second bounds only how long the test
/// looks for the bug, never whether a bounded service passes.
final class CountingServiceExtension: CenterDelegate {
    let running = InFlight()

    func serviceExtension(_ request: NotificationRequest, center: CenterRecord) async -> NotificationContent? {
        running.begin()
        _ = await running.started.eventually { $0 >= 2 }
        _ = await running.started.eventually(within: 1) { $0 >= 3 }
        running.end()
        var content = request.content
        content.title = "Changed"
        return content
    }
    func willPresent(_ request: NotificationRequest, center: CenterRecord, at date: Date) async -> ForegroundDecision { .noDelegate }
    func contentExtension(
        _ response: NotificationResponse, notification: DeliveredNotification, center: CenterRecord
    ) async -> ContentExtensionResponseOption? { nil }
}
