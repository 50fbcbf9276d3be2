import Foundation
import Logging
import PostgresNIO
import Storage
import Synchronization
import TestSupport
import Testing

@testable import PostgresStorage

/// What a store call throws for each kind of error the server raises (raised here by SQLSTATE, with
/// `RAISE … USING ERRCODE`): the store's codes for what a client can act on, `PostgresError` (a 500, a
/// bug's) for the rest.
@Suite(.enabled(if: TestPostgres.isAvailable)) struct ErrorTranslationTests {
    @Test(arguments: [
        ("23505", StoreError.Code.conflict),  // a unique violation
        ("23503", .notFound),  // a foreign-key violation
        ("53100", .storageFull),  // the disk is full
        ("25006", .unavailable),  // a database that takes no writes
        ("40001", .unavailable),  // a serialization failure
        ("40P01", .unavailable),  // a deadlock
        ("53300", .unavailable),  // too many connections
        ("57014", .unavailable),  // a statement cancelled (statement_timeout)
        ("42P01", nil),  // no such table: a bug
    ])
    func serverErrors(state: String, expected: StoreError.Code?) async throws {
        // Named for the watchdog's report: one run of the whole suite once never finished this test, and
        // nothing said where it waited.
        let watched = Watched()
        try await HangReport.entry(
            "ErrorTranslationTests.serverErrors(\(state))", details: { watched.store.withLock { $0?.activity.description ?? "" } }
        ) { step in
            step("creating the database")
            let database = try await TestPostgres.createDatabase("errors")
            var configuration = try PostgresStore.Configuration(url: database)
            // Long enough that no call meets it on a loaded machine.
            configuration.deadline = .seconds(60)
            let store = PostgresStore(
                configuration: configuration, logger: Logger(label: "errors", factory: { _ in SwiftLogNoOpLogHandler() }))
            watched.store.withLock { $0 = store }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await store.run() }
                defer {
                    step("stopping the store")
                    group.cancelAll()
                }
                step("preparing the store")
                // Bounds that only turn a hang into a failure.
                try await withDeadline(.seconds(600)) { try await store.prepare() }
                step("raising \(state)")
                let thrown = await #expect(throws: (any Error).self) {
                    try await store.read { connection in
                        try await connection.run(
                            "DO $$ BEGIN RAISE EXCEPTION 'raised' USING ERRCODE = '\(unescaped: state)'; END $$", store.logger)
                    }
                }
                if let expected {
                    #expect((thrown as? StoreError)?.code == expected, "\(String(describing: thrown))")
                } else {
                    #expect(thrown is PostgresStorage.PostgresError, "\(String(describing: thrown))")
                    #expect("\(thrown.map { "\($0)" } ?? "")".contains("(SQLSTATE \(state))"))
                }
            }
            step("dropping the database")
            await TestPostgres.dropDatabase(database)
        }
    }
}

/// The store under test, for the hang report's details.
private final class Watched: Sendable {
    let store = Mutex<PostgresStore?>(nil)
}
