import Foundation
import Logging
import PostgresStorage
import SQLiteStorage
import Storage
import Synchronization
import TestSupport
import Testing

/// Every store protocol at once: what the service opens.
typealias ContractStore = NotificationStore & PrincipalStore & WebhookStore & MediaStore & ClockStore & IdempotencyStore & RetentionStore
    & PushSubscriptionStore & DeviceRelayStore & BroadcastStore

/// Opens another store on the same data (a restart).
typealias Reopen = @Sendable () async throws -> any ContractStore

/// Makes fresh, empty stores of one kind for the contract suite: `run` gives `body` a store (and a way to
/// open another on the same data) and cleans up after it.
struct StoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    let run: @Sendable (_ body: (any ContractStore, @escaping Reopen) async throws -> Void) async throws -> Void

    var testDescription: String { name }

    static let sqlite = StoreFactory(name: "SQLite") { body in
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("usernotifyd.sqlite").path
        try await body(try SQLiteStore(path: path), { try SQLiteStore(path: path) })
    }

    /// A new database on the test server for each use, a copy of one migrated once; its stores' pools run
    /// beside the body.
    static let postgres = StoreFactory(name: "PostgreSQL") { body in
        try await withPostgresDatabase("contract", template: try await migrated.name()) { _, open in
            let make: Reopen = { try await open(SecretBox()) }
            try await body(try await make(), make)
        }
    }

    /// Runs `body` with a new database on the test server (empty, or a copy of `template`) and a way to
    /// open stores on it (each prepared, its pool running beside the body, with the keys given); the
    /// database is dropped afterwards, whatever the body did, once its stores have stopped.
    static func withPostgresDatabase(
        _ prefix: String, template: String? = nil,
        _ body: (URL, _ open: @escaping @Sendable (SecretBox) async throws -> PostgresStore) async throws -> Void
    ) async throws {
        let stores = OpenedStores()
        try await HangReport.entry("withPostgresDatabase(\(prefix))", details: { stores.description }) { step in
            step("creating the database")
            let url = try await TestPostgres.createDatabase(prefix, template: template)
            step("running the test on \(url.path.dropFirst())")
            let logger = Logger(label: prefix, factory: { _ in SwiftLogNoOpLogHandler() })
            let (opened, open) = AsyncStream.makeStream(of: PostgresStore.self)
            var failure: (any Error)?
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        await withDiscardingTaskGroup { running in
                            for await store in opened {
                                running.addTask {
                                    await store.run()
                                    stores.ended(store)
                                }
                            }
                        }
                    }
                    do {
                        try await body(url) { secrets in
                            var configuration = try PostgresStore.Configuration(url: url)
                            // Two hundred writes to one center wait on its row's lock in turn: on a loaded machine
                            // that can take longer than the production deadline, which is not what the suite tests.
                            configuration.deadline = .seconds(60)
                            let store = PostgresStore(configuration: configuration, logger: logger, secrets: secrets)
                            stores.add(store)
                            open.yield(store)
                            try await store.prepare()
                            return store
                        }
                    } catch {
                        step("stopping the stores after the test threw")
                        open.finish()
                        group.cancelAll()
                        throw error
                    }
                    step("stopping the stores")
                    open.finish()
                    group.cancelAll()
                }
            } catch {
                failure = error
            }
            step("dropping the database")
            await TestPostgres.dropDatabase(url)
            if let failure {
                // PostgresNIO's errors describe themselves as "generic" unless asked for their details.
                if !(failure is StoreError) { print("withPostgresDatabase(\(prefix)) failed: \(String(reflecting: failure))") }
                throw failure
            }
        }
    }

    /// Migrates the database at `url` up to `version` only, as an earlier release left it, for an
    /// upgrade's test to fill.
    static func migratePostgres(_ url: URL, upTo version: Int) async throws {
        var configuration = try PostgresStore.Configuration(url: url)
        configuration.deadline = .seconds(60)
        // On the suite's shared server a migration can take longer than a start's deadline (a start
        // then retries, as this call would not): a bound that only turns a hang into a failure.
        try await PostgresStore(configuration: configuration, logger: Logger(label: "upgrade")).migrate(
            upTo: version, deadline: .seconds(900))
    }

    /// Every store the suite runs against here: PostgreSQL when `make test` started a server.
    static let all: [StoreFactory] = TestPostgres.isAvailable ? [.sqlite, .postgres] : [.sqlite]
}

/// One database on the test server migrated to the newest schema, made by the first contract case that
/// asks and copied for each (`createdb --template`): some eighty cases migrating their own databases at
/// once were the slowest part of the suite's start.
private actor MigratedTemplate {
    private var made: String?
    private var making = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// The template's name; made by the first caller, whom the others wait for (and whose failure each
    /// of them meets by trying in turn).
    func name() async throws -> String {
        while making { await withCheckedContinuation { waiting.append($0) } }
        if let made { return made }
        making = true
        defer {
            making = false
            for waiter in waiting { waiter.resume() }
            waiting = []
        }
        let url = try await TestPostgres.createDatabase("template")
        // Its own connection, closed once migrated: a template must have no session when it is copied.
        try await PostgresStore(
            configuration: try PostgresStore.Configuration(url: url),
            logger: Logger(label: "template", factory: { _ in SwiftLogNoOpLogHandler() })
        ).migrate(deadline: .seconds(900))
        let name = String(url.path.dropFirst())
        made = name
        return name
    }
}

extension StoreFactory {
    fileprivate static let migrated = MigratedTemplate()
}

/// The stores a test opened, and what each is doing, for a report of a test that hangs.
private final class OpenedStores: Sendable {
    private let stores = Mutex<[(store: PostgresStore, running: Bool)]>([])

    func add(_ store: PostgresStore) {
        stores.withLock { $0.append((store, true)) }
    }

    func ended(_ store: PostgresStore) {
        stores.withLock { stores in
            if let index = stores.firstIndex(where: { $0.store === store }) { stores[index].running = false }
        }
    }

    var description: String {
        stores.withLock { stores in
            stores.enumerated().map { index, opened in
                "store \(index + 1) \(opened.running ? "running" : "stopped") (\(opened.store.activity.description))"
            }.joined(separator: "; ")
        }
    }
}
