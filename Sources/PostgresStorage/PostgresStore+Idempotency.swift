import Foundation
import NIOCore
import PostgresNIO
import Storage

extension PostgresStore: IdempotencyStore {
    package func reserveIdempotencyKey(
        scope: String, key: String, fingerprint: [UInt8], at date: Date, staleBefore: Date, expiredBefore: Date
    ) async throws -> IdempotencyReservation {
        let reservation = try await write { connection, _ -> IdempotencyReservation in
            // A reservation whose request died, or an answer past its time, gives the key up.
            try await connection.run(
                """
                DELETE FROM idempotency_keys WHERE scope = \(scope) AND key = \(key)
                AND ((status IS NULL AND created_at < \(Self.milliseconds(staleBefore)))
                    OR (status IS NOT NULL AND created_at < \(Self.milliseconds(expiredBefore))))
                """, self.logger)
            let inserted = try await connection.rows(
                """
                INSERT INTO idempotency_keys(scope, key, fingerprint, created_at)
                VALUES (\(scope), \(key), \(ByteBuffer(bytes: fingerprint)), \(Self.milliseconds(date)))
                ON CONFLICT DO NOTHING RETURNING key
                """, self.logger)
            if !inserted.isEmpty { return .reserved }
            guard
                let row = try await connection.rows(
                    "SELECT fingerprint, status, headers, body FROM idempotency_keys WHERE scope = \(scope) AND key = \(key)", self.logger
                ).first
            else { return .inProgress(fingerprint: []) }
            let stored = Array(try row.get("fingerprint", as: Data.self))
            guard let status = try row.get("status", as: Int?.self) else { return .inProgress(fingerprint: stored) }
            let headers = try JSONDecoder().decode([[String]].self, from: try row.get("headers", as: Data.self))
            return .completed(
                fingerprint: stored,
                response: IdempotentResponse(
                    status: status, headers: headers.map { ($0[0], $0[1]) }, body: Array(try row.get("body", as: Data.self))))
        }
        return try reservation.opened(scope: scope, key: key, secrets)
    }

    package func completeIdempotencyKey(scope: String, key: String, response: IdempotentResponse) async throws {
        let headers = ByteBuffer(bytes: try JSONEncoder().encode(response.headers))
        let body = ByteBuffer(bytes: try secrets.seal(Data(response.body), context: SealedColumn.idempotentBody.context([scope, key])))
        try await write { connection, _ in
            try await connection.run(
                """
                UPDATE idempotency_keys SET status = \(response.status), headers = \(headers), body = \(body)
                WHERE scope = \(scope) AND key = \(key) AND status IS NULL
                """, self.logger)
        }
    }

    package func releaseIdempotencyKey(scope: String, key: String) async throws {
        try await write { connection, _ in
            try await connection.run(
                "DELETE FROM idempotency_keys WHERE scope = \(scope) AND key = \(key) AND status IS NULL", self.logger)
        }
    }

    package func deleteIdempotencyKeys(before date: Date) async throws -> Int {
        try await write { connection, _ in
            try await connection.rows(
                "DELETE FROM idempotency_keys WHERE created_at < \(Self.milliseconds(date)) RETURNING key", self.logger
            ).count
        }
    }
}
