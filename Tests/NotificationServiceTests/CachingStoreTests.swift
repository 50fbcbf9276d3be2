import Foundation
import NotificationCore
import SQLiteStorage
import Storage
import Testing

/// The caches in front of a real SQLite store: reads come from memory until a write names the center
/// (or the credential), and then the next read sees the write.
@Suite struct CachingStoreTests {
    let now = Date(timeIntervalSince1970: 1_000_000)

    func makeStore() throws -> CachingStore {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return CachingStore(try SQLiteStore(path: directory.appendingPathComponent("usernotifyd.sqlite").path))
    }

    func pending(_ identifier: String, center: String = "c") -> PendingRequest {
        PendingRequest(
            centerID: center,
            request: NotificationRequest(
                identifier: identifier, content: NotificationContent(title: identifier), trigger: .timeInterval(60, repeats: false)),
            addedAt: now, nextFireDate: now.addingTimeInterval(60))
    }

    @Test func aCenterReadAfterAnUpdateIsTheUpdatedOne() async throws {
        let store = try makeStore()
        try await store.insertApp(AppRecord(id: "a", name: "A", createdAt: now))
        try await store.insertCenter(CenterRecord(id: "c", appID: "a", createdAt: now))
        #expect(try await store.center(id: "c")?.badge == 0)
        #expect(try await store.center(id: "c")?.badge == 0, "second read, from memory")
        _ = try await store.updateCenter(id: "c") { $0.badge = 7 }
        #expect(try await store.center(id: "c")?.badge == 7)
        #expect(try await store.deleteCenter(id: "c"))
        #expect(try await store.center(id: "c") == nil)
    }

    @Test func everyWriteNamingACenterMovesItsVersionOnAndReadsDoNot() async throws {
        let store = try makeStore()
        try await store.insertApp(AppRecord(id: "a", name: "A", createdAt: now))
        try await store.insertCenter(CenterRecord(id: "c", appID: "a", createdAt: now))
        try await store.insertCenter(CenterRecord(id: "other", appID: "a", createdAt: now))
        var seen = store.version(ofCenter: "c")
        let other = store.version(ofCenter: "other")
        func movedOn() -> Bool {
            let version = store.version(ofCenter: "c")
            defer { seen = version }
            return version != seen
        }
        _ = try await store.upsertPending(pending("r1"), limit: 64)
        #expect(movedOn(), "add")
        _ = try await store.pendingRequests(centerID: "c", after: nil, limit: 10)
        _ = try await store.center(id: "c")
        #expect(!movedOn(), "reads")
        let claims = try await store.claimDue(now: now.addingTimeInterval(60), limit: 10, leaseUntil: now.addingTimeInterval(70)).claims
        _ = try await store.fire(claims) { claim, _ in
            FiringRecord(
                centerID: claim.pending.centerID, identifier: claim.pending.request.identifier, revision: claim.revision, delivered: nil,
                nextFireDate: nil)
        }
        #expect(movedOn(), "fire")
        _ = try await store.removeDelivered(centerID: "c", identifiers: nil)
        #expect(movedOn(), "remove delivered")
        _ = try await store.removePending(centerID: "c", identifiers: nil)
        #expect(movedOn(), "remove pending")
        #expect(store.version(ofCenter: "other") == other, "another center's writes are not this one's")
        #expect(try await store.deleteApp(id: "a"))
        #expect(store.version(ofCenter: "other") != other, "deleting the app changes all its centers")
    }

    @Test func aDeletedCredentialIsGoneEvenWhenCached() async throws {
        let store = try makeStore()
        try await store.insertApp(AppRecord(id: "a", name: "A", createdAt: now))
        try await store.insertCredential(CredentialRecord(id: "k", kind: .appKey, appID: "a", secretHash: Data([1, 2, 3]), createdAt: now))
        #expect(try await store.credential(id: "k")?.appID == "a")
        #expect(try await store.deleteCredential(id: "k", appID: "a"))
        #expect(try await store.credential(id: "k") == nil)
    }
}
