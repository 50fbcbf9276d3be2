import Foundation
import PostgresStorage
import Storage
import TestSupport
import Testing

/// PostgreSQL's case of a schema newer than the binary (SQLite's, with the server's refusal, is in
/// SQLiteStorageTests).
@Suite struct PostgresSchemaTooNewTests {
    /// A database a newer usernotifyd migrated is refused at start, naming both versions, not retried.
    @Test(.enabled(if: TestPostgres.isAvailable))
    func aDatabaseANewerVersionMigratedIsRefused() async throws {
        try await StoreFactory.withPostgresDatabase("newer") { url, open in
            _ = try await open(SecretBox())
            _ = try await TestPostgres.query(url, "INSERT INTO schema_migrations(version, name) VALUES (999, 'from the future')")
            let known = PostgresStore.migrations.last?.version ?? 0
            await #expect(throws: SchemaTooNew(found: 999, foundName: "from the future", known: known)) {
                try await open(SecretBox())
            }
        }
    }
}
