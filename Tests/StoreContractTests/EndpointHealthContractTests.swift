import Foundation
import Storage
import Synchronization
import Testing
import Webhooks

/// Failing endpoints as every store keeps them: a streak starts at the first failure, an answer ends
/// it, and a failure after the streak has lasted past the cutoff disables the endpoint — once, announced
/// on the change feed — as a 410 does at once.
@Suite struct EndpointHealthContractTests {
    static let now = Date(timeIntervalSince1970: 4_000_000)
    static let url = "https://example.com/hook"

    /// Enqueues a message, claims it and records one attempt at `at` with `outcome`.
    func attempt(_ store: any ContractStore, _ id: String, at date: Date, _ outcome: EndpointOutcome, url: String = url) async throws {
        try await store.enqueueDeliveries([
            WebhookDeliveryRecord(
                id: id, appID: "a", url: url, type: .notificationResponse, payload: Data("{}".utf8), nextAttempt: date, createdAt: date)
        ])
        let claimed = try await store.claimDueDeliveries(
            now: date, limit: 100, perEndpoint: [:], defaultPerEndpoint: 100, leaseUntil: date.addingTimeInterval(30))
        var message = try #require(claimed.first { $0.id == id })
        message.attempts = 1
        message.status = .failed
        message.nextAttempt = nil
        try await store.recordAttempt(
            DeliveryAttemptRecord(number: 1, at: date, statusCode: 500, error: nil, durationMilliseconds: 1), of: message, endpoint: outcome
        )
    }

    @Test(arguments: StoreFactory.all)
    func anEndpointFailingPastTheCutoffIsDisabledOnce(_ factory: StoreFactory) async throws {
        try await factory.run { store, _ in
            try await store.insertApp(AppRecord(id: "a", name: "A", createdAt: Self.now))
            let announced = Mutex<[StoreChange]>([])
            store.changes.listen { change in
                if case .endpointDisabled = change { announced.withLock { $0.append(change) } }
            }
            let day: TimeInterval = 86_400
            func failed(_ id: String, at days: Double) async throws {
                let at = Self.now.addingTimeInterval(days * day)
                try await attempt(store, id, at: at, .failed(disableIfFailingSince: at.addingTimeInterval(-5 * day)))
            }
            try await failed("m1", at: 0)
            try await failed("m2", at: 3)
            #expect(try await store.endpointStates(appID: "a") == [EndpointState(url: Self.url, failingSince: Self.now)])
            // An answer ends the streak; the next failure starts another.
            try await attempt(store, "m3", at: Self.now.addingTimeInterval(4 * day), .answered)
            #expect(try await store.endpointStates(appID: "a").isEmpty)
            try await failed("m4", at: 5)
            try await failed("m5", at: 9)
            #expect(try await store.disabledEndpoints(appID: "a").isEmpty, "four days of failing is not five")
            try await failed("m6", at: 10)
            let start = Self.now.addingTimeInterval(5 * day)
            #expect(
                try await store.endpointStates(appID: "a") == [
                    EndpointState(url: Self.url, failingSince: start, disabledAt: Self.now.addingTimeInterval(10 * day), reason: .failing)
                ])
            #expect(announced.withLock { $0 } == [.endpointDisabled(appID: "a", url: Self.url, reason: .failing)])
            // Enabled again, it starts afresh.
            #expect(try await store.enableEndpoint(appID: "a", url: Self.url))
            #expect(try await store.endpointStates(appID: "a").isEmpty)
            // A 410 disables at once.
            try await attempt(store, "m8", at: Self.now.addingTimeInterval(12 * day), .gone, url: "https://gone.example/hook")
            #expect(try await store.disabledEndpoints(appID: "a") == ["https://gone.example/hook"])
            #expect(announced.withLock { $0 }.count == 2)
        }
    }
}
