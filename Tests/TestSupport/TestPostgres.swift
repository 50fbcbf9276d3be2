import Foundation

/// The PostgreSQL server of a `make test` run (`Tests/Scripts/with-postgres.sh`), where tests make
/// databases of their own. Absent (a plain `swift test`), the PostgreSQL variants of tests are skipped.
package enum TestPostgres {
    /// The server's superuser URL, if a server was started for the run.
    package static let serverURL: URL? = ProcessInfo.processInfo.environment["USERNOTIFYD_TEST_POSTGRES_URL"].flatMap(URL.init(string:))

    package static var isAvailable: Bool { serverURL != nil }

    /// A new database on the server (by default the run's), empty or a copy of `template`; its URL.
    package static func createDatabase(_ prefix: String = "test", on server: URL? = serverURL, template: String? = nil) async throws -> URL
    {
        guard let server else { throw LoopbackConnection.Failure("no test PostgreSQL server (run make test)") }
        let name = "\(prefix)_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))"
        _ = try await run("createdb", server, (template.map { ["--template", $0] } ?? []) + [name])
        var components = URLComponents(url: server, resolvingAgainstBaseURL: false)!
        components.path = "/" + name
        return components.url!
    }

    /// Drops a database `createDatabase` made (connections to it are ended).
    package static func dropDatabase(_ url: URL) async {
        _ = try? await run("dropdb", url, ["--force", String(url.path.dropFirst())])
    }

    /// Runs SQL on the database with psql; the rows, each a list of its columns' texts.
    package static func query(_ url: URL, _ sql: String) async throws -> [[String]] {
        try await run("psql", url, ["-d", String(url.path.dropFirst()), "-XAtq", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", sql])
            .split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The first column of the first row of `sql` as an integer.
    package static func count(_ url: URL, _ sql: String) async throws -> Int {
        guard let text = try await query(url, sql).first?.first, let value = Int(text) else {
            throw LoopbackConnection.Failure("no number from \(sql)")
        }
        return value
    }

    @discardableResult
    private static func run(_ tool: String, _ server: URL, _ arguments: [String]) async throws -> String {
        // On a thread of its own: waiting for the tool must not hold one of the cooperative pool's few threads.
        try await onOwnThread { try runBlocking(tool, server, arguments) }
    }

    private static func runBlocking(_ tool: String, _ server: URL, _ arguments: [String]) throws -> String {
        let (status, text, failure) = try ChildProcess.run(
            "/usr/bin/env",
            [tool, "-h", server.host ?? "127.0.0.1", "-p", String(server.port ?? 5432), "-U", server.user ?? "postgres"] + arguments)
        guard status == 0 else {
            throw LoopbackConnection.Failure("\(tool) \(arguments) failed (status \(status)): \(failure) \(text.suffix(300))")
        }
        return text
    }
}

/// A PostgreSQL server of a test's own (`Tests/Scripts/postgres-server.sh`), for tests that stop and
/// start it: the run's shared server stays up for every other suite.
package final class PrivatePostgres: Sendable {
    package let directory: String
    /// The superuser URL of its `postgres` database.
    package let url: URL

    package init() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pg-\(UUID().uuidString)").path
        guard let url = URL(string: try await Self.script("start", directory).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw LoopbackConnection.Failure("postgres-server.sh printed no URL")
        }
        self.url = url
    }

    /// Stops the server (a fast shutdown: connections are ended); `start()` brings it back on the same port and data.
    package func stop() async throws { _ = try await Self.script("stop", directory) }

    package func start() async throws { _ = try await Self.script("start", directory) }

    /// Runs `body` with a server of its own, removed afterwards whatever `body` did.
    package static func run(_ body: (PrivatePostgres) async throws -> Void) async throws {
        let postgres = try await PrivatePostgres()
        do {
            try await body(postgres)
        } catch {
            await postgres.remove()
            throw error
        }
        await postgres.remove()
    }

    /// Stops the server and deletes its data.
    package func remove() async { _ = try? await Self.script("remove", directory) }

    /// Runs the script on a thread of its own (starting a server takes seconds: not on the cooperative pool).
    private static func script(_ action: String, _ directory: String) async throws -> String {
        try await onOwnThread { try scriptBlocking(action, directory) }
    }

    private static func scriptBlocking(_ action: String, _ directory: String) throws -> String {
        // Its output goes to a file, not a pipe: the server it starts inherits the script's standard
        // output, and reading to the pipe's end would never end.
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("pg-out-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: outputPath, contents: nil), let output = FileHandle(forWritingAtPath: outputPath)
        else {
            throw LoopbackConnection.Failure("cannot write \(outputPath)")
        }
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let status: Int32
        do {
            defer { try? output.close() }
            status = try ChildProcess(
                executable: ServerProcess.packageRoot.appendingPathComponent("Tests/Scripts/postgres-server.sh").path,
                arguments: [action, directory], standardOutput: output.fileDescriptor
            ).waitUntilExit()
        }
        guard status == 0 else { throw LoopbackConnection.Failure("postgres-server.sh \(action) failed") }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}
