import Foundation
import TestSupport

/// Replicas of the real `usernotifyd` on one new PostgreSQL database, each with a data directory of its
/// own (where only its media cache lives), all on the shared virtual clock.
struct Replicas: Sendable {
    let database: URL
    let servers: [APIServer]

    subscript(index: Int) -> APIServer { servers[index] }

    /// `count` replicas started together (so that their migrations and their first sealing of secrets race,
    /// and run once) on a new database of `server` (by default the run's), sharing one secrets key.
    ///
    /// `patient`: the replicas wait for the database as long as a loaded test machine may make them (30 s
    /// to connect, 60 s a call), not the production 3 s and 5 s, which CI's busy PostgreSQL once took
    /// longer than for a connection and answered a test's setup 503. A test of the outage answers itself
    /// passes false.
    static func start(
        _ count: Int, on server: URL? = TestPostgres.serverURL, patient: Bool = true, arguments: [String] = []
    ) async throws -> Replicas {
        let created = try await TestPostgres.createDatabase("replicas", on: server)
        var components = URLComponents(url: created, resolvingAgainstBaseURL: false)
        if patient {
            components?.queryItems = [URLQueryItem(name: "connectTimeout", value: "30"), URLQueryItem(name: "deadline", value: "60")]
        }
        let database = components?.url ?? created
        let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("replicas-\(UUID().uuidString).key")
        try Data((Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString() + "\n").utf8).write(to: keyFile)
        let servers = try await withThrowingTaskGroup(of: (Int, APIServer).self) { group in
            for index in 0..<count {
                // The replica tests load the service on purpose: no rate limits.
                let limits = [
                    "--rate-limit-send", "0", "--rate-limit-write", "0", "--rate-limit-read", "0", "--rate-limit-anonymous", "0",
                    "--secrets-key-file", keyFile.path,
                ]
                group.addTask { (index, try await APIServer(database: database, arguments: limits + arguments)) }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }.sorted { $0.key < $1.key }.map(\.value)
        }
        return Replicas(database: database, servers: servers)
    }

    /// Stops the replicas still running, then drops the database.
    func stop() async throws {
        for server in servers where server.process.process.isRunning { try await server.stop() }
        await TestPostgres.dropDatabase(database)
    }

    /// The first column of the first row of `sql` on the replicas' database, as an integer.
    func count(_ sql: String) async throws -> Int { try await TestPostgres.count(database, sql) }

    /// Adds `perCenter` requests (`r0`, `r1`, …) due in a minute to each of the centers `c0`…, spread over
    /// the replicas; the `n`-th has the title `n<n>`.
    func addRequests(centers: Int, perCenter: Int, key: String) async throws {
        try await concurrently(0..<(centers * perCenter), width: 24) { index in
            let added = try await servers[index % servers.count].call(
                "POST", "/v1/centers/c\(index / perCenter)/requests", token: key,
                json: [
                    "identifier": "r\(index % perCenter)", "content": ["title": "n\(index)"],
                    "trigger": ["type": "timeInterval", "timeInterval": 60],
                ])
            guard added.status == 201 else { throw LoopbackConnection.Failure("request \(index): \(added.status) \(added.text)") }
        }
    }
}

/// Runs `work` for every index in `range`, at most `width` at a time.
func concurrently(_ range: Range<Int>, width: Int, _ work: @escaping @Sendable (Int) async throws -> Void) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        var next = range.lowerBound
        func startNext() {
            let index = next
            group.addTask { try await work(index) }
            next += 1
        }
        while next < range.upperBound, next - range.lowerBound < width { startNext() }
        while try await group.next() != nil {
            if next < range.upperBound { startNext() }
        }
    }
}

/// One request on a fresh connection that may wait `timeout` seconds for its answer (a move of the
/// virtual clock answers once everything due fired).
func slowRequest(port: Int, _ method: String, _ path: String, token: String, json: Any, timeout: Int) async throws -> LoopbackResponse {
    let connection = try await LoopbackConnection.open(port: port, timeout: timeout)
    return try await connection.request(
        method, path, headers: ["Authorization": "Bearer \(token)", "Content-Type": "application/json"],
        body: Array(try JSONSerialization.data(withJSONObject: json)))
}
