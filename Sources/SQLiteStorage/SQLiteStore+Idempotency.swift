import Foundation
import GRDB
import Storage

extension SQLiteStore: IdempotencyStore {
    package func reserveIdempotencyKey(
        scope: String, key: String, fingerprint: [UInt8], at date: Date, staleBefore: Date, expiredBefore: Date
    ) async throws -> IdempotencyReservation {
        let reservation = try await write { db, _ -> IdempotencyReservation in
            // A reservation whose request died, or an answer past its time, gives the key up.
            try db.execute(
                sql: """
                    DELETE FROM idempotency_keys WHERE scope = ? AND key = ?
                    AND ((status IS NULL AND created_at < ?) OR (status IS NOT NULL AND created_at < ?))
                    """,
                arguments: [scope, key, Self.milliseconds(staleBefore), Self.milliseconds(expiredBefore)])
            try db.execute(
                sql: "INSERT INTO idempotency_keys(scope, key, fingerprint, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [scope, key, Data(fingerprint), Self.milliseconds(date)])
            if db.changesCount > 0 { return .reserved }
            let row = try Row.fetchOne(
                db, sql: "SELECT fingerprint, status, headers, body FROM idempotency_keys WHERE scope = ? AND key = ?",
                arguments: [scope, key])!
            let stored = Array(row["fingerprint"] as Data)
            guard let status = row["status"] as Int? else { return .inProgress(fingerprint: stored) }
            let headers = try JSONDecoder().decode([[String]].self, from: row["headers"] as Data)
            return .completed(
                fingerprint: stored,
                response: IdempotentResponse(status: status, headers: headers.map { ($0[0], $0[1]) }, body: Array(row["body"] as Data)))
        }
        return try reservation.opened(scope: scope, key: key, secrets)
    }

    package func completeIdempotencyKey(scope: String, key: String, response: IdempotentResponse) async throws {
        let headers = try JSONEncoder().encode(response.headers)
        let body = try secrets.seal(Data(response.body), context: SealedColumn.idempotentBody.context([scope, key]))
        try await write { db, _ in
            try db.execute(
                sql: "UPDATE idempotency_keys SET status = ?, headers = ?, body = ? WHERE scope = ? AND key = ? AND status IS NULL",
                arguments: [response.status, headers, body, scope, key])
        }
    }

    package func releaseIdempotencyKey(scope: String, key: String) async throws {
        try await write { db, _ in
            try db.execute(sql: "DELETE FROM idempotency_keys WHERE scope = ? AND key = ? AND status IS NULL", arguments: [scope, key])
        }
    }

    package func deleteIdempotencyKeys(before date: Date) async throws -> Int {
        try await write { db, _ in
            try db.execute(sql: "DELETE FROM idempotency_keys WHERE created_at < ?", arguments: [Self.milliseconds(date)])
            return db.changesCount
        }
    }
}
