import API
import Configuration
import Foundation
import Logging
import MicroHTTPD
import Outbox
import Storage
import Testing
import UserNotifyServer

@Suite struct ServerConfigurationTests {
    @Test func defaultsRunOnALaptop() throws {
        let configuration = try ServerConfiguration.parse(arguments: [], environment: [:])
        #expect(configuration.http.host == "127.0.0.1")
        #expect(configuration.http.port == 8080)
        #expect(configuration.dataDirectory == "./data")
        #expect(configuration.logLevel == .info)
        #expect(configuration.adminTokens.isEmpty && configuration.adminReadTokens.isEmpty)
    }

    @Test func environmentIsReadAndFlagsWin() throws {
        let configuration = try ServerConfiguration.parse(
            arguments: ["--port", "9000", "--data-dir=/tmp/x"],
            environment: [
                "USERNOTIFYD_PORT": "7000", "USERNOTIFYD_HOST": "0.0.0.0", "USERNOTIFYD_DATA_DIR": "/var/lib/u",
                "USERNOTIFYD_LOG_LEVEL": "DEBUG", "USERNOTIFYD_MAX_BODY_BYTES": "2048", "USERNOTIFYD_ADMIN_TOKEN": "s3cret",
            ]
        )
        #expect(configuration.http.port == 9000)
        #expect(configuration.http.host == "0.0.0.0")
        #expect(configuration.dataDirectory == "/tmp/x")
        #expect(configuration.logLevel == .debug)
        #expect(configuration.http.maxBodyBytes == 2048)
        #expect(configuration.adminTokens == ["s3cret"])
    }

    @Test(arguments: [
        (["--port", "70000"], "port must be a whole number from 0 to 65535"),
        (["--port"], "--port needs a value"),
        (["--log-level", "loud"], "log-level must be one of"),
        (["--retain-events", "7 days"], "retain-events must be a duration such as 90s, 30m, 12h or 7d"),
        (["--rate-limit-send", "-1"], "rate-limit-send must be a whole number from 0"),
        (["--frobnicate", "1"], "unknown argument '--frobnicate'"),
        (["--max-body-bytes", "-1"], "max-body-bytes must be a whole number"),
        (["--cors-allowed-origins", "*", "--cors-allow-credentials", "1"], "--cors-allowed-origins: `*` cannot allow credentials"),
        (["--cors-allowed-origins", "app.example.com"], "is not an origin such as https://app.example.com"),
    ])
    func badValuesAreRefusedWithAClearMessage(arguments: [String], message: String) {
        #expect {
            try ServerConfiguration.parse(arguments: arguments, environment: [:])
        } throws: { error in
            (error as? ConfigurationError)?.description.contains(message) == true
        }
    }

    @Test func badEnvironmentValuesAreRefusedToo() {
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.parse(arguments: [], environment: ["USERNOTIFYD_PORT": "eighty"])
        }
    }

    @Test func usageListsEveryEnvironmentVariable() {
        for name in [
            "USERNOTIFYD_HOST", "USERNOTIFYD_PORT", "USERNOTIFYD_DATA_DIR", "USERNOTIFYD_LOG_LEVEL", "USERNOTIFYD_MAX_BODY_BYTES",
            "USERNOTIFYD_ADMIN_TOKEN",
        ] {
            #expect(ServerConfiguration.usage.contains(name))
        }
    }

    /// A value for every setting, different from its default: each must arrive through its variable.
    static let sampleValues = [
        "host": "0.0.0.0", "port": "9000", "data-dir": "/srv/u", "database-url": "postgres://u@db/u", "database-pool-size": "3",
        "log-level": "debug", "max-body-bytes": "5", "admin-token": "t", "virtual-clock": "1", "pending-limit": "7",
        "media-quota-bytes": "11", "webhook-allow-networks": "10.0.0.0/8", "connection-limit": "13", "idle-timeout": "17",
        "request-timeout": "19", "http-threads": "3", "heartbeat-interval": "23", "drain-delay": "29",
        "rate-limit-send": "0", "rate-limit-write": "31", "rate-limit-read": "37", "rate-limit-anonymous": "2",
        "secrets-key-file": "/run/secrets/usernotifyd-key", "retain-finished-messages": "41h",
        "retain-failed-messages": "43d", "retain-retired-push-tokens": "47m", "retain-events": "53s", "retain-staged-uploads": "59h",
        "webhook-disable-after": "61h",
    ]

    @Test(arguments: sampleValues.keys.sorted())
    func everySettingIsReadFromItsVariableAndItsFlag(name: String) throws {
        let variable = "USERNOTIFYD_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
        #expect(ServerConfiguration.usage.contains("--\(name) VALUE"))
        #expect(ServerConfiguration.usage.contains("env \(variable)\n"))
        let value = try #require(Self.sampleValues[name])
        let fromEnvironment = try ServerConfiguration.parse(arguments: [], environment: [variable: value])
        let fromFlag = try ServerConfiguration.parse(arguments: ["--\(name)", value], environment: [:])
        #expect(fromEnvironment != ServerConfiguration())
        #expect(fromEnvironment == fromFlag)
    }

    /// `--virtual-clock` takes a date and time as well as 1 or 0: the clock is on and starts there; a value
    /// that is neither is refused, naming the setting.
    @Test func theVirtualClockMayStartAtADate() throws {
        let dated = try ServerConfiguration.parse(arguments: ["--virtual-clock", "2027-03-01T00:00:00Z"], environment: [:])
        #expect(dated.virtualClock && dated.virtualClockStart == Date(timeIntervalSince1970: 1_803_859_200))
        let fromVariable = try ServerConfiguration.parse(arguments: [], environment: ["USERNOTIFYD_VIRTUAL_CLOCK": "2027-03-01T00:00:00Z"])
        #expect(fromVariable == dated)
        let plain = try ServerConfiguration.parse(
            arguments: ["--virtual-clock", "2027-03-01T00:00:00Z", "--virtual-clock"], environment: [:])
        #expect(plain.virtualClock && plain.virtualClockStart == nil, "the last flag wins")
        let refused = #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.parse(arguments: ["--virtual-clock", "March"], environment: [:])
        }
        #expect(refused?.description.contains("virtual-clock must be 1 or 0, or a date and time") == true, "\(String(describing: refused))")
    }

    @Test func secretsCanComeFromFilesAsMounted() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = directory.appendingPathComponent("admin-token")
        try Data("s3cret,with a comma\n".utf8).write(to: token)
        let url = directory.appendingPathComponent("database-url")
        try Data("postgres://u:p@db/u".utf8).write(to: url)

        let configuration = try ServerConfiguration.parse(
            arguments: [],
            environment: ["USERNOTIFYD_ADMIN_TOKEN_FILE": token.path, "USERNOTIFYD_DATABASE_URL_FILE": url.path])
        #expect(configuration.adminTokens == ["s3cret,with a comma"])
        #expect(configuration.adminTokenFile == token.path, "read again while the server runs")
        #expect(configuration.databaseURL?.absoluteString == "postgres://u:p@db/u")
        // A flag still wins over a file.
        let flagged = try ServerConfiguration.parse(
            arguments: ["--admin-token", "other"], environment: ["USERNOTIFYD_ADMIN_TOKEN_FILE": token.path])
        #expect(flagged.adminTokens == ["other"] && flagged.adminTokenFile == nil)
    }

    @Test(arguments: [
        (
            ["USERNOTIFYD_ADMIN_TOKEN_FILE": "/nonexistent/admin-token"],
            "USERNOTIFYD_ADMIN_TOKEN_FILE: cannot read '/nonexistent/admin-token'"
        ),
        (
            ["USERNOTIFYD_ADMIN_TOKEN_FILE": "/dev/null", "USERNOTIFYD_ADMIN_TOKEN": "x"],
            "set USERNOTIFYD_ADMIN_TOKEN or USERNOTIFYD_ADMIN_TOKEN_FILE, not both"
        ),
    ])
    func unusableFilesAreRefusedWithAClearMessage(environment: [String: String], message: String) {
        #expect {
            try ServerConfiguration.parse(arguments: [], environment: environment)
        } throws: { error in
            (error as? ConfigurationError)?.description.contains(message) == true
        }
    }

    /// Several tokens, one a line (as a mounted file has them): each opens the API; blank lines do not count.
    @Test func severalAdminTokensAreOneALine() throws {
        let configuration = try ServerConfiguration.parse(
            arguments: ["--admin-token", "new\n old \n\n"], environment: ["USERNOTIFYD_ADMIN_READ_TOKEN": "dashboard\nautomation\n"])
        #expect(configuration.adminTokens == ["new", "old"])
        #expect(configuration.adminReadTokens == ["dashboard", "automation"])
    }

    @Test func flagValuesAreTakenWhole() throws {
        let configuration = try ServerConfiguration.parse(
            arguments: ["--admin-token", "a,b", "--virtual-clock", "--port=1"], environment: [:])
        #expect(configuration.adminTokens == ["a,b"])
        #expect(configuration.virtualClock)
        #expect(configuration.http.port == 1)
        #expect(throws: ConfigurationError.self) {
            try ServerConfiguration.parse(arguments: ["--data-dir", "/srv/u", "stray"], environment: [:])
        }
    }

    @Test func otherVariablesWithThePrefixAreIgnored() throws {
        // What Kubernetes' service links would add for a Service named usernotifyd.
        let configuration = try ServerConfiguration.parse(
            arguments: [], environment: ["USERNOTIFYD_SERVICE_HOST": "10.0.0.1", "USERNOTIFYD_PORT_80_TCP": "tcp://10.0.0.1:80"])
        #expect(configuration == ServerConfiguration())
    }

    /// docs/operations.md's table is the one the settings make, defaults included (each written once, in
    /// its component's settings): after a change, `make settings-table` writes it.
    @Test func theOperationsTableIsMadeFromTheSettings() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/operations.md").path
        let document = try String(contentsOfFile: path, encoding: .utf8)
        let begin = try #require(document.range(of: "edit them there -->\n"))
        let end = try #require(document.range(of: "<!-- settings end -->"))
        let table = ServerConfiguration.settingsTable
        if ProcessInfo.processInfo.environment["USERNOTIFYD_WRITE_SETTINGS_TABLE"] == "1" {
            try document.replacingCharacters(in: begin.upperBound..<end.lowerBound, with: table)
                .write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            String(document[begin.upperBound..<end.lowerBound]) == table, "docs/operations.md's table is out of date: make settings-table")
        // The defaults the table shows are the configuration's own.
        #expect(table.contains("| `--port` | `USERNOTIFYD_PORT` | `8080` |"))
        #expect(table.contains("| `--retain-events` | `USERNOTIFYD_RETAIN_EVENTS` | `7d` |"))
        #expect(table.contains("| `--rate-limit-read` | `USERNOTIFYD_RATE_LIMIT_READ` | `200` |"))
        #expect(table.contains("| `--database-pool-size` | `USERNOTIFYD_DATABASE_POOL_SIZE` | `20` |"))
    }

    /// Each component reads its own settings from the one reader the flags and the environment make.
    @Test func eachComponentReadsItsOwnSettings() throws {
        let reader = ConfigReader(provider: InMemoryProvider(values: ["port": "9001", "rate-limit-send": "0", "retain-events": "2h"]))
        #expect(try HTTPServerConfiguration(reader: reader).port == 9001)
        #expect(try RateLimits(reader: reader).send == nil)
        #expect(try Retention(reader: reader).seconds[.events] == 7200)
        // A longer attempt takes its claim's lease along: a claim outlasts its attempt.
        let outbox = try OutboxDispatcher.Configuration(
            reader: ConfigReader(provider: InMemoryProvider(values: ["outbox-attempt-timeout": "120"])))
        #expect(outbox.attemptTimeout == .seconds(120) && outbox.lease > 121)
        let refused = ConfigReader(provider: InMemoryProvider(values: ["port": "eighty"]))
        #expect(throws: ConfigurationError("port must be a whole number from 0 to 65535; got 'eighty'")) {
            try HTTPServerConfiguration(reader: refused)
        }
    }
}
