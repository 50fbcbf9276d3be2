import Foundation
import Storage
import Testing

/// Idempotency keys as every store keeps them: one request holds a key; its answer is kept and replayed
/// until it expires; a request that died gives its key up once stale; keys are per scope.
@Suite struct IdempotencyContractTests {
    static let now = Date(timeIntervalSince1970: 2_000_000)
    static let answer = IdempotentResponse(status: 201, headers: [("Content-Type", "application/json")], body: Array(#"{"ok":true}"#.utf8))

    func reserve(_ store: any ContractStore, scope: String = "app:a", key: String = "k", fingerprint: [UInt8] = [1], at date: Date = now)
        async throws -> IdempotencyReservation
    {
        try await store.reserveIdempotencyKey(
            scope: scope, key: key, fingerprint: fingerprint, at: date, staleBefore: date.addingTimeInterval(-60),
            expiredBefore: date.addingTimeInterval(-86_400))
    }

    @Test(arguments: StoreFactory.all)
    func aKeyIsHeldThenAnsweredThenReplayed(_ factory: StoreFactory) async throws {
        try await factory.run { store, _ in
            #expect(try await reserve(store) == .reserved)
            #expect(try await reserve(store, fingerprint: [2]) == .inProgress(fingerprint: [1]))
            // Another principal's key of the same name is its own.
            #expect(try await reserve(store, scope: "app:b") == .reserved)
            try await store.completeIdempotencyKey(scope: "app:a", key: "k", response: Self.answer)
            #expect(try await reserve(store, at: Self.now.addingTimeInterval(3600)) == .completed(fingerprint: [1], response: Self.answer))
            // Past a day it is a new key.
            #expect(try await reserve(store, fingerprint: [3], at: Self.now.addingTimeInterval(86_401)) == .reserved)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aReleasedOrStaleReservationGivesTheKeyUp(_ factory: StoreFactory) async throws {
        try await factory.run { store, _ in
            #expect(try await reserve(store) == .reserved)
            try await store.releaseIdempotencyKey(scope: "app:a", key: "k")
            #expect(try await reserve(store, fingerprint: [2]) == .reserved)
            // Its request died: within a minute the key is still held, after it another takes it.
            #expect(try await reserve(store, fingerprint: [3], at: Self.now.addingTimeInterval(30)) == .inProgress(fingerprint: [2]))
            #expect(try await reserve(store, fingerprint: [3], at: Self.now.addingTimeInterval(61)) == .reserved)
        }
    }

    @Test(arguments: StoreFactory.all)
    func theSweepDeletesOldKeys(_ factory: StoreFactory) async throws {
        try await factory.run { store, _ in
            _ = try await reserve(store, key: "old")
            _ = try await reserve(store, key: "new", at: Self.now.addingTimeInterval(100))
            #expect(try await store.deleteIdempotencyKeys(before: Self.now.addingTimeInterval(50)) == 1)
            #expect(
                try await reserve(store, key: "new", fingerprint: [9], at: Self.now.addingTimeInterval(101))
                    == .inProgress(fingerprint: [1]))
        }
    }
}
