import Foundation
import InProcessHarness
import SQLiteStorage
import Storage
import TestSupport
import Testing
import UserNotifyServer

/// `DELETE /v1/apps/{appID}` answers at once: the app, its keys and its centers' tokens are gone for every
/// call, and what it holds goes after the answer, in the runtime's background (`AppDeletions`); a
/// deletion a crash cut short is finished when the server starts again.
@Suite struct AppDeletionsTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// Waits (a bound that only turns a hang into a failure) until no app of the file is marked deleted.
    static func purged(_ store: SQLiteStore) async throws {
        let deadline = ContinuousClock.now + .seconds(120)
        while try await !store.deletedApps(limit: 10).isEmpty {
            guard ContinuousClock.now < deadline else { throw LoopbackConnection.Failure("the deletion never finished") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test func anAppIsGoneAtTheAnswerAndWhatItHoldsGoesAfterIt() async throws {
        try await InProcessApp.run { server in
            let (appID, key) = try await server.makeApp("Doomed")
            var tokens: [String] = []
            for index in 0..<3 { tokens.append(try await server.makeAuthorizedCenter("c\(index)", key: key)) }
            let (keptID, keptKey) = try await server.makeApp("Kept")
            _ = try await server.makeAuthorizedCenter("k0", key: keptKey)

            #expect(try await server.call("DELETE", "/v1/apps/\(appID)", token: testAdminToken).status == 204)
            // At the answer: no read finds it, and neither its key nor its centers' tokens work.
            #expect(try await server.call("GET", "/v1/apps/\(appID)", token: testAdminToken).status == 404)
            #expect(try await server.call("GET", "/v1/categories", token: key).status == 401)
            for token in tokens { #expect(try await server.call("GET", "/v1/me", token: token).status == 401) }
            #expect(try await server.call("DELETE", "/v1/apps/\(appID)", token: testAdminToken).status == 404, "deleted once")

            let store = try SQLiteStore(path: server.dataDirectory + "/usernotifyd.sqlite")
            try await Self.purged(store)
            #expect(try await store.centers(appID: appID, after: nil, limit: 10).items.isEmpty)
            #expect(try await store.centers(appID: keptID, after: nil, limit: 10).items.map(\.id) == ["k0"])
            #expect(try await server.call("GET", "/v1/apps/\(keptID)", token: testAdminToken).status == 200)
        }
    }

    @Test func aDeletionACrashCutShortIsFinishedAtTheNextStart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("app-deletion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("usernotifyd.sqlite").path
        do {
            // Marked, and one batch purged, when the process died.
            let store = try SQLiteStore(path: path)
            for app in ["a", "b"] {
                try await store.insertApp(AppRecord(id: app, name: app, createdAt: Self.now))
                for index in 0..<5 { try await store.insertCenter(CenterRecord(id: "c\(index)", appID: app, createdAt: Self.now)) }
            }
            #expect(try await store.markAppDeleted(id: "a", at: Self.now))
            #expect(try await store.deleteAppContents(appID: "a", limit: 2, at: Self.now) == 2)
        }
        try await InProcessApp.run(configure: { $0.dataDirectory = directory.path }) { _ in
            let store = try SQLiteStore(path: path)
            try await Self.purged(store)
            #expect(try await store.centers(appID: "a", after: nil, limit: 10).items.isEmpty)
            #expect(try await store.centers(appID: "b", after: nil, limit: 10).items.count == 5)
            #expect(try await store.app(id: "b") != nil)
        }
    }
}
