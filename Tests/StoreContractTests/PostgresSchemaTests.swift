import Foundation
import PostgresStorage
import Storage
import TestSupport
import Testing

/// What the PostgreSQL schema sets beyond its tables (the store contract checks what they hold).
@Suite struct PostgresSchemaTests {
    /// The centers table leaves room on its pages, so that a firing's write-back to its center is a
    /// heap-only update (a broadcast to 10,000 centers fanned out ~10 % faster with it).
    @Test(.enabled(if: TestPostgres.isAvailable))
    func centersLeaveRoomForTheFiringsWriteBack() async throws {
        try await StoreFactory.withPostgresDatabase("fillfactor") { url, open in
            _ = try await open(SecretBox())
            let options = try await TestPostgres.query(
                url, "SELECT array_to_string(reloptions, ',') FROM pg_class WHERE relname = 'centers'")
            #expect(options.first?.first == "fillfactor=70", "\(options)")
        }
    }
}
