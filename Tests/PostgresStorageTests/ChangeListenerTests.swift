import Foundation
import Logging
import Storage
import TestSupport
import Testing
import Webhooks

@testable import PostgresStorage

/// The change listener's connection when PostgreSQL leaves part of what it is sent unanswered.
@Suite struct ChangeListenerTests {
    /// A LISTEN that is never answered ends its connection within a heartbeat and the call deadline, and
    /// the next connection listens: the store becomes ready and hears the other replicas (before, the
    /// listener waited for the answer for good, and `prepare()` with it).
    @Test(.enabled(if: TestPostgres.isAvailable))
    func aListenNeverAnsweredIsGivenUpAndTriedAgainOnANewConnection() async throws {
        let database = try await TestPostgres.createDatabase("listener")
        let proxy = try LoopbackProxy(to: database.port ?? 5432, withholding: #"LISTEN ""#, times: 1)
        defer { proxy.stop() }
        var configuration = try PostgresStore.Configuration(url: database)
        configuration.port = proxy.port
        let store = PostgresStore(
            configuration: configuration, logger: Logger(label: "listener", factory: { _ in SwiftLogNoOpLogHandler() }))
        // The other replica's calls only set the scene: a deadline no loaded machine meets by chance.
        var otherConfiguration = try PostgresStore.Configuration(url: database)
        otherConfiguration.deadline = .seconds(120)
        let other = PostgresStore(
            configuration: otherConfiguration, logger: Logger(label: "other", factory: { _ in SwiftLogNoOpLogHandler() }))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.run() }
            group.addTask { await other.run() }
            defer { group.cancelAll() }
            // Without a bound on the LISTEN this waited for good. The bound here only turns that into a failure:
            // under load, each start's step may time out and be tried again (migrations took seconds each).
            try await withDeadline(.seconds(600)) { try await store.prepare() }
            // The first LISTEN withheld, a later one answered (on a loaded machine a heartbeat that came too
            // late may have replaced a connection that listened, too).
            #expect(proxy.seen >= 2)
            // And it hears what another replica changes (or, if a connection was replaced meanwhile, that it
            // may have missed changes).
            let (heard, hearing) = AsyncStream.makeStream(of: StoreChange.self)
            store.changes.listen { hearing.yield($0) }
            try await other.prepare()
            try await other.insertApp(AppRecord(id: "app", name: "listened", createdAt: Date()))
            try await other.setWebhookConfiguration(appID: "app", WebhookConfiguration(delegateURL: "http://127.0.0.1:9/hook"))
            let found = try await withDeadline(.seconds(600)) {
                await heard.contains { $0 == .webhookSettings("app") || $0 == .resynchronize }
            }
            #expect(found)
        }
        await TestPostgres.dropDatabase(database)
    }
}
