import PostgresNIO

/// A PostgreSQL error the store has no meaning of its own for, described by what it was. PostgresNIO's
/// `PSQLError` describes itself only as a "generic description" (so that no query or value reaches a log
/// by accident): an operator whose role may not create tables read that and nothing else. This says the
/// server's message, which names objects (a schema, a table, a constraint) but not a row's values (its
/// `detail` can, and is left out), cut at 300 characters, and its SQLSTATE; or the client's error code and what it met (a refused
/// connect, say).
struct PostgresError: Error, CustomStringConvertible {
    let description: String

    init(_ error: PSQLError) {
        guard error.code == .server, let info = error.serverInfo else {
            description = "PostgreSQL client error: \(error.code)" + (error.underlying.map { " (\($0))" } ?? "")
            return
        }
        let message = info[.message].map { String($0.prefix(300)) } ?? "no message"
        description = "PostgreSQL said: \(message) (SQLSTATE \(info[.sqlState] ?? "unknown"))"
    }
}
