import Foundation
import Logging
import NotificationCore
import PostgresNIO
import Storage
import Synchronization

/// The store for several replicas on one PostgreSQL server, through PostgresNIO's `PostgresClient` (a
/// connection pool that runs as a `Service`).
///
/// Every write is one transaction that ends with `pg_notify` of what it changed, so the other replicas
/// hear of it on commit (`ChangeListener`), and this replica announces it on its own feed at once. Every
/// call has a deadline: a database that does not answer makes the call fail with
/// `StoreError.unavailable` (503 with Retry-After) within seconds, never hang.
package final class PostgresStore: Sendable {
    package struct Configuration: Sendable {
        package enum TLSMode: String, Sendable {
            case disable, prefer, require
        }

        package var host: String
        package var port: Int
        package var username: String
        /// A secret: never logged.
        package var password: String?
        package var database: String?
        package var tls: TLSMode = .disable
        /// The pool's size: connections kept open at least, and opened at most (the listener has its own).
        package var minimumConnections = 2
        package var maximumConnections = Self.defaultMaximumConnections
        package static let defaultMaximumConnections = 20
        /// How long opening a connection may take.
        package var connectTimeout: Duration = .seconds(3)
        /// How long one store call may take before it fails as unavailable.
        package var deadline: Duration = .seconds(5)
        /// This replica's name on the change feed (its own notifications are not applied twice).
        package var replicaID = UUID().uuidString.lowercased()

        package init(host: String, port: Int = 5432, username: String, password: String?, database: String?) {
            self.host = host
            self.port = port
            self.username = username
            self.password = password
            self.database = database
        }

        /// A configuration from a `postgres://user:password@host:port/database` URL; its query may set
        /// `sslmode` (disable, prefer, require), `minConnections`, `maxConnections`, and `connectTimeout`,
        /// `deadline` and `peerTimeout` (seconds).
        package init(url: URL) throws(StoreError) {
            guard let scheme = url.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql", let host = url.host, !host.isEmpty
            else {
                throw StoreError(.notFound, "a PostgreSQL URL looks like postgres://user:password@host:5432/database")
            }
            let query = Dictionary(
                (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") },
                uniquingKeysWith: { _, last in last })
            self.init(
                host: host, port: url.port ?? 5432, username: url.user ?? "postgres", password: url.password,
                database: url.path.count > 1 ? String(url.path.dropFirst()) : nil)
            tls =
                switch query["sslmode"] {
                case "require", "verify-ca", "verify-full": .require
                case "prefer": .prefer
                default: .disable
                }
            minimumConnections = query["minConnections"].flatMap(Int.init) ?? minimumConnections
            maximumConnections = query["maxConnections"].flatMap(Int.init) ?? maximumConnections
            connectTimeout = .seconds(query["connectTimeout"].flatMap(Int.init) ?? 3)
            deadline = .seconds(query["deadline"].flatMap(Int.init) ?? 5)
            peerTimeout = .seconds(query["peerTimeout"].flatMap(Int.init) ?? 60)
        }

        /// The pool's configuration.
        var client: PostgresClient.Configuration {
            let tls: PostgresClient.Configuration.TLS =
                switch self.tls {
                case .disable: .disable
                case .prefer: .prefer(.makeClientConfiguration())
                case .require: .require(.makeClientConfiguration())
                }
            var configuration = PostgresClient.Configuration(
                host: host, port: port, username: username, password: password, database: database, tls: tls)
            configuration.options.minimumConnections = minimumConnections
            configuration.options.maximumConnections = maximumConnections
            configuration.options.connectTimeout = connectTimeout
            configuration.options.additionalStartupParameters = [
                // What operators see in pg_stat_activity.
                ("application_name", "usernotifyd"),
                // A transaction left open by a replica that froze or lost the network mid-call (which closes
                // nothing PostgreSQL hears of) would hold its locks until TCP's keepalive, two hours by default:
                // every call of the other replicas touching those rows would fail. A call whose deadline passed
                // has closed its connection anyway, so the server ends a statement that runs for twice as long,
                // and the session once idle in a transaction for as long.
                ("statement_timeout", "\(Int(serverTimeout / .milliseconds(1)))"),
                ("idle_in_transaction_session_timeout", "\(Int(serverTimeout / .milliseconds(1)))"),
            ]
            configuration.options.additionalStartupParameters += peerLimits
            return configuration
        }

        /// How long the server lets a pooled session's statement run, or the session sit idle in a
        /// transaction: twice the deadline, past which no call waits for it, unless set.
        var serverTimeout: Duration {
            get { serverTimeoutSet ?? deadline * 2 }
            set { serverTimeoutSet = newValue }
        }
        private var serverTimeoutSet: Duration?

        /// How long the server's side of a session may go without a sign of life from this replica's host
        /// before the server ends it: data it sent that stays unacknowledged (or unread: a zero window), or
        /// keepalive probes unanswered on an idle session. A host that froze, lost power or the network
        /// closes nothing the server hears of; without a limit, TCP gives up after two hours, and meanwhile
        /// the session holds a connection slot — and the change listener's session holds PostgreSQL's
        /// notification queue, which grows behind it with every write of every replica.
        package var peerTimeout: Duration = .seconds(60)

        /// Every session's TCP limits (`peerTimeout`), asked for at connect (PostgreSQL 12 or later).
        var peerLimits: [(String, String)] {
            let seconds = max(2, Int(peerTimeout.components.seconds))
            return [
                ("tcp_user_timeout", "\(seconds * 1000)"),
                // Probes from half the limit on, every sixth of it: three go unanswered within the limit.
                ("tcp_keepalives_idle", "\(seconds / 2)"),
                ("tcp_keepalives_interval", "\(max(1, seconds / 6))"),
                ("tcp_keepalives_count", "3"),
            ]
        }

        /// The listener's own connection.
        var listenerConnection: PostgresConnection.Configuration { ownConnection("usernotifyd listener") }

        /// A connection outside the pool, named `name` in pg_stat_activity.
        func ownConnection(_ name: String) -> PostgresConnection.Configuration {
            let tls: PostgresConnection.Configuration.TLS =
                switch self.tls {
                case .disable: .disable
                case .prefer: .prefer(try! .init(configuration: .makeClientConfiguration()))
                case .require: .require(try! .init(configuration: .makeClientConfiguration()))
                }
            var configuration = PostgresConnection.Configuration(
                host: host, port: port, username: username, password: password, database: database, tls: tls)
            configuration.options.connectTimeout = .seconds(connectTimeout.components.seconds)
            configuration.options.additionalStartupParameters = [("application_name", name)] + peerLimits
            return configuration
        }
    }

    package let changes = ChangeFeed()
    /// What the start, the pool and the change listener are doing now (for a report of a store that hangs).
    package let activity = StoreActivity()
    /// Adds, batched: PostgreSQL commits notifying transactions one at a time, so batches, not
    /// connections, make adds go faster. Two in flight: one runs while the other commits.
    let adds = Batcher<PendingAdd, AddOutcome>(maxInFlight: 2)
    let client: PostgresClient
    let configuration: Configuration
    let logger: Logger
    /// Seals the secrets the database keeps (`SealedColumn.all`).
    let secrets: SecretBox
    /// Whether the change listener is connected: the database is reachable (`/readyz`), and calls are
    /// tried (heartbeats find a lost database within seconds).
    private let listening = Atomic<Bool>(false)
    /// Store calls under way, and how many of them hold a pooled connection now (`/metrics`).
    private let callsInFlight = Atomic<Int>(0)
    private let connectionsInUse = Atomic<Int>(0)
    /// Transactions run again after PostgreSQL rolled them back for a deadlock, or a serialization failure.
    private let deadlocksRunAgain = Atomic<Int>(0)
    private let serializationFailuresRunAgain = Atomic<Int>(0)
    /// Whether the pool gives store calls connections: false from a call that found it out of reach (one of
    /// the pool's own errors, or a whole deadline waited for a connection while no call held one) until a
    /// call gets one. After a long outage PostgresNIO's pool waits up to a minute between connects, while
    /// the listener is back within seconds: without this, `/readyz` said ready while every call failed.
    private let poolAnswers = Atomic<Bool>(true)
    /// Whether the change listener has listened at least once (the store is not ready before).
    private let listened = Atomic<Bool>(false)
    /// Whether the pool's `run()` has been called (leasing before is a warning in PostgresNIO).
    private let poolRunning = Atomic<Bool>(false)

    /// `secrets` seals what the database keeps secret (nothing is sealed without keys); `sealSecrets()`
    /// seals what was stored before.
    package init(configuration: Configuration, logger: Logger, secrets: SecretBox = SecretBox()) {
        self.configuration = configuration
        self.logger = logger
        self.secrets = secrets
        client = PostgresClient(configuration: configuration.client, backgroundLogger: logger)
    }

    /// Whether the database can be reached: the change listener is connected, and the pool was not found
    /// out of reach since a call last got a connection.
    package var isReachable: Bool { listening.load(ordering: .acquiring) && poolAnswers.load(ordering: .acquiring) }

    /// How long a cancelled run waits for the pool's connections to close (`endingWithin`).
    static let poolGrace = Duration.seconds(10)

    /// Runs the pool and the change listener until cancelled; `prepare()` makes the store ready meanwhile.
    /// Once cancelled, it ends within `poolGrace` even if the pool does not.
    package func run() async {
        await withDiscardingTaskGroup { group in
            group.addTask {
                self.activity.note("pool", "running")
                self.poolRunning.store(true, ordering: .releasing)
                if await endingWithin(Self.poolGrace, { await self.client.run() }) {
                    self.activity.note("pool", "ended")
                } else {
                    self.activity.note("pool", "left running")
                    self.logger.warning(
                        "the database pool did not end within \(Self.poolGrace.components.seconds) s of the store's end: left to end by itself"
                    )
                }
            }
            group.addTask {
                await ChangeListener(store: self).run()
                self.activity.note("listener", "ended")
            }
            group.addTask { await self.probePool() }
        }
    }

    /// While the listener is connected and the pool was found out of reach, a call each second: once one
    /// gets a connection, the store is reachable again (no traffic comes to tell meanwhile, `/readyz`
    /// being 503).
    private func probePool() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            guard listening.load(ordering: .acquiring), !poolAnswers.load(ordering: .acquiring) else { continue }
            activity.note("pool", "out of reach; trying a call")
            _ = try? await read { connection in try await connection.run("SELECT 1", self.logger) }
        }
    }

    /// Notes whether the pool answers, and says so when that changes (a read alone when it does not, as
    /// for almost every call).
    private func notePool(answers: Bool) {
        guard poolAnswers.load(ordering: .acquiring) != answers,
            poolAnswers.exchange(answers, ordering: .acquiringAndReleasing) != answers
        else { return }
        if answers {
            logger.info("the pool reaches the database again")
        } else {
            logger.warning("the pool cannot reach the database; /readyz says 503 until a call gets a connection")
        }
    }

    /// The pool now: connections in use by store calls, calls waiting for one, and the most it opens; and
    /// the transactions run again since the start, for a deadlock or a serialization failure.
    package var figures: Figures {
        let inUse = connectionsInUse.load(ordering: .relaxed)
        return Figures(
            inUse: inUse, waiting: max(0, callsInFlight.load(ordering: .relaxed) - inUse), maximum: configuration.maximumConnections,
            deadlocksRunAgain: deadlocksRunAgain.load(ordering: .relaxed),
            serializationFailuresRunAgain: serializationFailuresRunAgain.load(ordering: .relaxed))
    }

    // MARK: reading and writing

    /// Runs `body` on a pooled connection within the deadline.
    func read<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        try await call { inUse in
            try await self.client.withConnection { connection in
                inUse.set(connection)
                self.connectionsInUse.add(1, ordering: .relaxed)
                defer { self.connectionsInUse.subtract(1, ordering: .relaxed) }
                return try await Self.callersCode { try await body(connection) }
            }
        }
    }

    /// The earliest date in a column of milliseconds (its rows without one left out): when the work it
    /// dates is next due.
    func earliest(_ column: String, in table: String) async throws -> Date? {
        try await read { connection in
            try await connection.rows(
                PostgresQuery(unsafeSQL: "SELECT MIN(\(column)) AS next FROM \(table) WHERE \(column) IS NOT NULL"), self.logger
            ).first?.get("next", as: Int64?.self).map(Self.date)
        }
    }

    /// Runs one statement as its own transaction, its rows all read: a write that needs no more costs one
    /// round trip (no BEGIN and COMMIT), and announces nothing.
    func statement(_ query: PostgresQuery) async throws -> [PostgresRandomAccessRow] {
        try await read { connection in try await self.runningAgainIfRolledBack { try await connection.rows(query, self.logger) } }
    }

    /// Runs `body` in one transaction that ends by notifying the other replicas of what it changed;
    /// once it committed, announces that on this replica's feed. `durable` false: a write whose loss to a
    /// crash of the server loses nothing commits without waiting for its WAL flush (visible to every
    /// replica at once): a claim (its holder's promise to fire; a firing records nothing without the claim
    /// it was fenced by), a webhook attempt's record (the message goes again under its id). `body` runs
    /// again if PostgreSQL rolls the transaction back for a deadlock (`runningAgainIfRolledBack`): what it
    /// does outside the database comes after the statements that take locks (as a media file's placing).
    func write<T: Sendable>(
        durable: Bool = true, _ body: @escaping @Sendable (PostgresConnection, inout ChangeSet) async throws -> T
    ) async throws -> T {
        let (result, changes) = try await call { inUse in
            try await self.client.withConnection { connection in
                inUse.set(connection)
                self.connectionsInUse.add(1, ordering: .relaxed)
                defer { self.connectionsInUse.subtract(1, ordering: .relaxed) }
                return try await self.runningAgainIfRolledBack {
                    try await connection.transaction(self.logger) {
                        if !durable { try await connection.run("SET LOCAL synchronous_commit = off", self.logger) }
                        var changes = ChangeSet()
                        let result = try await Self.callersCode { try await body(connection, &changes) }
                        for payload in ChangeNotice.payloads(changes.changes, origin: self.configuration.replicaID) {
                            try await connection.run("SELECT pg_notify(\(ChangeNotice.channel), \(payload))", self.logger)
                        }
                        return (result, changes)
                    }
                }
            }
        }
        self.changes.publish(changes)
        return result
    }

    /// Runs a transaction again when PostgreSQL rolled it back for a deadlock (40P01) or a serialization
    /// failure (40001), up to `transactionAttempts` times in all, within the call's one deadline: what the
    /// server asks of its client, and nothing the caller could do better (it would get a 503 and send the
    /// same request again). No pause between: the survivor of a deadlock still holds its locks, and the
    /// transaction run again queues behind them.
    private func runningAgainIfRolledBack<T>(_ transaction: () async throws -> T) async throws -> T {
        var attempt = 1
        while true {
            do {
                return try await transaction()
            } catch let error as PSQLError where attempt < Self.transactionAttempts && Self.rolledBack(error) {
                attempt += 1
                if error.serverInfo?[.sqlState] == "40P01" {
                    deadlocksRunAgain.add(1, ordering: .relaxed)
                } else {
                    serializationFailuresRunAgain.add(1, ordering: .relaxed)
                }
                logger.notice(
                    "transaction rolled back by the database; running it again",
                    metadata: ["error": .string(Self.described(error)), "attempt": "\(attempt)"])
            }
        }
    }

    /// How many times a write runs before a deadlock or a serialization failure is the caller's (503).
    static let transactionAttempts = 3

    /// Whether PostgreSQL rolled the transaction back for its clash with another: a deadlock or a
    /// serialization failure.
    static func rolledBack(_ error: PSQLError) -> Bool {
        ["40P01", "40001"].contains(error.serverInfo?[.sqlState] ?? "")
    }

    /// A store call: within the deadline, with PostgreSQL's errors as the store's. While the change
    /// listener has lost the database, calls fail at once (503) rather than each waiting out its deadline.
    private func call<T: Sendable>(_ work: @escaping @Sendable (ConnectionInUse) async throws -> T) async throws -> T {
        guard listening.load(ordering: .acquiring) else {
            throw StoreError.unavailable("the database cannot be reached; reconnecting")
        }
        let inUse = ConnectionInUse()
        callsInFlight.add(1, ordering: .relaxed)
        defer {
            callsInFlight.subtract(1, ordering: .relaxed)
            if inUse.leased { notePool(answers: true) }
        }
        do {
            return try await withDeadline(configuration.deadline, onExpiry: inUse.close) { try await work(inUse) }
        } catch let error as CallersError {
            throw error.error
        } catch let error as PSQLError {
            throw Self.translated(error)
        } catch let error as StoreError {
            // The deadline. Waited out for a connection while no call held one: the pool cannot connect (one
            // busy with other calls is not out of reach).
            if !inUse.leased && connectionsInUse.load(ordering: .relaxed) == 0 { notePool(answers: false) }
            throw error
        } catch {
            // The pool's own errors (connection refused, circuit breaker, closed): the database is out of reach.
            if error is CancellationError { throw error }
            notePool(answers: false)
            throw StoreError.unavailable("\(error)")
        }
    }

    /// Runs the caller's code of a store call: its own errors (a refusal, a conflict) are marked to pass
    /// through as they are, where the pool's and the connection's become `unavailable`.
    static func callersCode<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as PSQLError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw CallersError(error: error)
        }
    }

    /// An error of the caller's own code inside a store call.
    struct CallersError: Error {
        let error: any Error
    }

    /// Notes that the listener connected to the database, or lost it: the database's reachability.
    func listenerConnected(_ connected: Bool) {
        listening.store(connected, ordering: .releasing)
        if connected { listened.store(true, ordering: .releasing) }
    }

    /// Makes the store ready once `run()` is going: applies the migrations, retrying while the database
    /// cannot be reached (a replica may start before its database), then waits for the change listener,
    /// so that no other replica's change is missed once the service is ready.
    package func prepare() async throws {
        activity.note("start", "waiting for the pool to run")
        while !poolRunning.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(5)) }
        var delay: Duration = .milliseconds(200)
        /// Says why the start waits, and waits a little longer each time.
        func retry(after error: any Error) async throws {
            let said = Self.described(error)
            logger.warning("database not reachable; retrying", metadata: ["error": .string(said), "retry.in": "\(delay)"])
            activity.note("start", "waiting \(delay) to retry after: \(said)")
            try await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(5))
        }
        while true {
            do {
                activity.note("start", "reaching the database")
                try await reach()
            } catch {
                // Whatever it is (no such database yet, a password not set yet): a replica may start first.
                try await retry(after: error)
                continue
            }
            do {
                activity.note("start", "migrating")
                try await migrate()
                break
            } catch let error as PSQLError where error.code == .server && !Self.passes(error) {
                throw PostgresError(error)  // a migration PostgreSQL refused: nothing a retry mends
            } catch let error as SchemaTooNew {
                throw error  // nor a database a newer version migrated
            } catch {
                try await retry(after: error)
            }
        }
        activity.note("start", "waiting for the change listener")
        while !listened.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(10)) }
        activity.note("start", "done")
    }

    /// Connects on a connection of its own and asks it `SELECT 1`, within the deadline: a database out of
    /// reach is found within it, and said why. The pool keeps why a connect failed to itself (its
    /// callers wait out their deadline), where this connect throws what the server said: no such
    /// database, a password refused, no `pg_hba.conf` entry.
    private func reach() async throws {
        let connection = try await PostgresConnection.connect(
            configuration: configuration.ownConnection("usernotifyd start"), id: 0, logger: logger, within: configuration.deadline)
        defer { connection.closeNow() }
        try await withDeadline(configuration.deadline, onExpiry: connection.closeNow) {
            try await connection.run("SELECT 1", self.logger)
        }
    }

    /// An error as a log says it: PostgreSQL's as what the server or the client said (`PostgresError`),
    /// never PostgresNIO's "generic description".
    static func described(_ error: any Error) -> String {
        (error as? PSQLError).map { "\(PostgresError($0))" } ?? "\(error)"
    }

    /// Whether a server error passes by itself: the connection lost or refused (08), the server short of
    /// something — too many connections, memory — (53), starting up or shutting down (57), a
    /// transaction rolled back by a deadlock or a serialization failure (40), or a database that takes
    /// no writes yet (25006: a standby the URL reaches in the middle of a failover, until promoted).
    static func passes(_ error: PSQLError) -> Bool {
        let state = error.serverInfo?[.sqlState] ?? ""
        return ["08", "40", "53", "57"].contains(state.prefix(2)) || state == "25006"
    }

    /// PostgreSQL's errors as the store's: unique violations are conflicts, foreign-key violations a
    /// missing row, a full disk full; lost connections, the server shutting down or short of something,
    /// a transaction rolled back by a deadlock or a serialization failure (40: the client tries again),
    /// and a database that takes no writes (a standby, `default_transaction_read_only`: 25006) unavailable.
    /// Anything else is a bug's (500).
    static func translated(_ error: PSQLError) -> any Error {
        switch error.code {
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            let message = error.serverInfo?[.message] ?? "\(error)"
            switch state {
            case "23505": return StoreError.conflict(message)
            case "23503": return StoreError(.notFound, message)
            case "53100": return StoreError(.storageFull, message)
            case "25006": return StoreError.unavailable("the database takes no writes: \(message)")
            case _ where ["08", "40", "53", "57"].contains(state.prefix(2)):
                return StoreError.unavailable(message)
            default: return PostgresError(error)
            }
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed, .sslUnsupported:
            return StoreError.unavailable("\(error.code)")
        default:
            return PostgresError(error)
        }
    }
}

extension PostgresStore: StoredForm {}

extension PostgresRandomAccessRow {
    /// The column's value as `T`.
    func get<T: PostgresDecodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        try self[column].decode(T.self)
    }
}
