/// A store's failure that callers can act on, whatever the database: the same codes from SQLite and
/// PostgreSQL, so that the API maps each to one HTTP status (a unique violation is a 409, an unreachable
/// database a 503 with Retry-After) and never to a 500.
package struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    package enum Code: Sendable, Hashable {
        /// A row with this key exists already (a unique constraint).
        case conflict
        /// The row the change needs is not there.
        case notFound
        /// The database cannot be reached or is busy past its timeout; retrying later may work.
        case unavailable
        /// The disk is full.
        case storageFull
    }

    package let code: Code
    package let message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package static func conflict(_ message: String) -> StoreError { StoreError(.conflict, message) }
    package static func unavailable(_ message: String) -> StoreError { StoreError(.unavailable, message) }

    package var description: String { "\(code): \(message)" }
}
