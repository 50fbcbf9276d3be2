import Foundation
import Logging
import PostgresNIO
import Storage
import TestSupport
import Testing

@testable import PostgresStorage

/// A replica whose host freezes or loses the network closes nothing the server hears of. Its change
/// listener's session is the one that hurts: PostgreSQL sends it every replica's notifications, and once
/// nothing reads them its sends wait, and the server's notification queue keeps every notification made
/// since — by every replica, up to 8 GB, past which every write fails — until that session ends, which TCP
/// alone gives up on only after hours. The sessions ask for `tcp_user_timeout` (`peerTimeout`): the server
/// ends a session whose sent data stays unread that long.
@Suite(.enabled(if: TestPostgres.isAvailable)) struct FrozenReplicaTests {
    @Test func theServerEndsAFrozenReplicasListenerAndTheNotificationQueueEmpties() async throws {
        let database = try await TestPostgres.createDatabase("frozen")
        let proxy = try LoopbackProxy(to: database.port ?? 5432)
        defer { proxy.stop() }
        var configuration = try PostgresStore.Configuration(url: proxy.url(inFrontOf: database))
        configuration.peerTimeout = .seconds(2)
        let store = PostgresStore(configuration: configuration, logger: Logger(label: "frozen", factory: { _ in SwiftLogNoOpLogHandler() }))
        let listener = "SELECT pid FROM pg_stat_activity WHERE application_name = 'usernotifyd listener' AND datname = current_database()"
        let usage = "SELECT pg_notification_queue_usage() > 0"
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await store.run() }
            defer { group.cancelAll() }
            try await store.prepare()
            try await waitUntil("the change listener to connect") { try await TestPostgres.query(database, listener).count == 1 }
            let pid = try await TestPostgres.query(database, listener)
            proxy.freeze()
            // The other replicas' writes, 50 MB of notifications, more than the sockets between the server
            // and the frozen replica hold (each distinct: one transaction's duplicates are sent once); the
            // queue holds what the frozen listener has not taken yet.
            let queued = try await TestPostgres.query(
                database,
                """
                BEGIN; SELECT count(pg_notify('\(ChangeNotice.channel)', i || repeat('x', 7900))) FROM generate_series(1, 6500) AS i;
                COMMIT; \(usage)
                """)
            #expect(queued.last == ["t"], "the notifications were not queued")
            try await waitUntil("the server to end the frozen replica's listener session") {
                try await TestPostgres.query(database, listener) != pid
            }
            try await waitUntil("the notification queue to empty") {
                try await TestPostgres.query(database, usage) == [["f"]]
            }
        }
        proxy.stop()
        await TestPostgres.dropDatabase(database)
    }

    @Test func everySessionAsksForThePeerLimits() throws {
        var configuration = PostgresStore.Configuration(host: "localhost", username: "u", password: nil, database: nil)
        configuration.peerTimeout = .seconds(30)
        let expected = [
            "tcp_user_timeout": "30000", "tcp_keepalives_idle": "15", "tcp_keepalives_interval": "5", "tcp_keepalives_count": "3",
        ]
        for parameters in [
            configuration.client.options.additionalStartupParameters,
            configuration.listenerConnection.options.additionalStartupParameters,
            configuration.ownConnection("usernotifyd migration").options.additionalStartupParameters,
        ] {
            let asked = Dictionary(parameters, uniquingKeysWith: { _, last in last })
            for (name, value) in expected { #expect(asked[name] == value, "\(name)") }
        }
        let fromURL = try PostgresStore.Configuration(url: try #require(URL(string: "postgres://u@localhost/db?peerTimeout=12")))
        #expect(fromURL.peerTimeout == .seconds(12))
    }
}
