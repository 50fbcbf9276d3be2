import Foundation

/// The PostgreSQL server of a `make test` run (`Tests/Support/with-postgres.sh`), where tests make
/// databases of their own. Absent (a plain `swift test`), the PostgreSQL variants of tests are skipped.
package enum TestPostgres {
    /// The server's superuser URL, if a server was started for the run.
    package static let serverURL: URL? = ProcessInfo.processInfo.environment["USERNOTIFYD_TEST_POSTGRES_URL"].flatMap(URL.init(string:))

    package static var isAvailable: Bool { serverURL != nil }

    /// A new empty database on the server; its URL.
    package static func createDatabase(_ prefix: String = "test") throws -> URL {
        guard let server = serverURL else { throw LoopbackConnection.Failure("no test PostgreSQL server (run make test)") }
        let name = "\(prefix)_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))"
        try run("createdb", server, [name])
        var components = URLComponents(url: server, resolvingAgainstBaseURL: false)!
        components.path = "/" + name
        return components.url!
    }

    /// Drops a database `createDatabase` made (connections to it are ended).
    package static func dropDatabase(_ url: URL) {
        guard let server = serverURL else { return }
        try? run("dropdb", server, ["--force", String(url.path.dropFirst())])
    }

    /// Stops the server (`pg_ctl stop`), for outage tests; `start()` brings it back on the same port and data.
    package static func stop() throws { try control("stop -m fast -w") }

    package static func start() throws { try control("start -w -t 60") }

    private static func control(_ action: String) throws {
        guard let command = ProcessInfo.processInfo.environment["USERNOTIFYD_TEST_POSTGRES_CTL"] else {
            throw LoopbackConnection.Failure("no USERNOTIFYD_TEST_POSTGRES_CTL (run make test)")
        }
        try shell("\(command) \(action) >/dev/null")
    }

    private static func run(_ tool: String, _ server: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool, "-h", server.host ?? "127.0.0.1", "-p", String(server.port ?? 5432), "-U", server.user ?? "postgres"] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw LoopbackConnection.Failure("\(tool) \(arguments) failed") }
    }

    private static func shell(_ command: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw LoopbackConnection.Failure("'\(command)' failed") }
    }
}
