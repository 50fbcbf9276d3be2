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
            now: date, limit: 100, perEndpoint: [:], defaultPerEndpoint: 100, lease: Lease(seconds: 30, from: date))
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

    /// Attempts recorded together clear the failures of the endpoints whose answer was recorded and only
    /// theirs: an answer whose claim was taken over records nothing (in a batch of answers alone, and in
    /// one with a failure beside it).
    @Test(arguments: StoreFactory.all)
    func aBatchClearsTheFailuresOfTheEndpointsWhoseAnswersItRecorded(_ factory: StoreFactory) async throws {
        try await factory.run { store, _ in
            try await store.insertApp(AppRecord(id: "a", name: "A", createdAt: Self.now))
            let cutoff = Self.now.addingTimeInterval(-86_400)
            let urls = ["https://a.example/hook", "https://b.example/hook", "https://c.example/hook", "https://d.example/hook"]
            for url in urls.prefix(2) {
                try await attempt(store, "first \(url)", at: Self.now, .failed(disableIfFailingSince: cutoff), url: url)
            }
            func batch(_ ids: [String], at date: Date) async throws -> [WebhookDeliveryRecord] {
                try await store.enqueueDeliveries(
                    ids.map { id in
                        WebhookDeliveryRecord(
                            id: id, appID: "a", url: urls[Int(id.unicodeScalars.first!.value - 97)], type: .notificationResponse,
                            payload: Data("{}".utf8), nextAttempt: date, createdAt: date)
                    })
                return try await store.claimDueDeliveries(
                    now: date, limit: 100, perEndpoint: [:], defaultPerEndpoint: 100, lease: Lease(seconds: 30, from: date))
            }
            func recorded(_ message: WebhookDeliveryRecord, at date: Date, _ outcome: EndpointOutcome, stale: Bool = false)
                -> RecordedAttempt
            {
                var message = message
                message.attempts = 1
                message.status = outcome == .answered ? .delivered : .failed
                message.nextAttempt = nil
                if stale { message.claim = (message.claim ?? 0) + 1 }
                return RecordedAttempt(
                    DeliveryAttemptRecord(
                        number: 1, at: date, statusCode: outcome == .answered ? 200 : 500, error: nil, durationMilliseconds: 1),
                    of: message, endpoint: outcome)
            }
            let later = Self.now.addingTimeInterval(60)
            let mixed = try await batch(["a2", "b2", "c2"], at: later)
            try #require(mixed.count == 3)
            try await store.recordAttempts([
                recorded(mixed[0], at: later, .answered, stale: true), recorded(mixed[1], at: later, .answered),
                recorded(mixed[2], at: later, .failed(disableIfFailingSince: cutoff)),
            ])
            #expect(
                try await store.endpointStates(appID: "a") == [
                    EndpointState(url: urls[0], failingSince: Self.now), EndpointState(url: urls[2], failingSince: later),
                ])
            #expect(try await store.delivery(appID: "a", id: "a2")?.1.isEmpty == true, "a stale claim records no attempt")
            #expect(try await store.delivery(appID: "a", id: "b2")?.1.count == 1)

            let last = Self.now.addingTimeInterval(70)  // within the lease of the stale a2, which is not claimed again
            let answers = try await batch(["a3", "c3", "d3"], at: last)
            try #require(answers.count == 3)
            try await store.recordAttempts([
                recorded(answers[0], at: last, .answered, stale: true), recorded(answers[1], at: last, .answered),
                recorded(answers[2], at: last, .answered),
            ])
            #expect(try await store.endpointStates(appID: "a") == [EndpointState(url: urls[0], failingSince: Self.now)])
            #expect(try await store.delivery(appID: "a", id: "a3")?.1.isEmpty == true)
            #expect(try await store.delivery(appID: "a", id: "d3")?.0.status == .delivered)
        }
    }
}
