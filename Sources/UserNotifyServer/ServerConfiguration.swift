import API
import Configuration
import Foundation
import HTTPCore
import Logging
import MicroHTTPD
import RelayService
import Storage
import WebPush
import Webhooks

/// Everything usernotifyd is configured with, from flags and the environment (flags win). Every variable
/// may instead be given as a file: `USERNOTIFYD_ADMIN_TOKEN_FILE=/run/secrets/admin-token`.
///
/// | flag | environment | default |
/// |---|---|---|
/// | `--host` | `USERNOTIFYD_HOST` | `127.0.0.1` |
/// | `--port` | `USERNOTIFYD_PORT` | `8080` (0 = any free port, logged) |
/// | `--data-dir` | `USERNOTIFYD_DATA_DIR` | `./data` |
/// | `--database-url` | `USERNOTIFYD_DATABASE_URL` | none: SQLite in the data directory (secret: may hold a password) |
/// | `--database-pool-size` | `USERNOTIFYD_DATABASE_POOL_SIZE` | `20` (PostgreSQL connections at most) |
/// | `--secrets-key-file` | `USERNOTIFYD_SECRETS_KEY_FILE` | SQLite: `secrets.key` in the data directory, made at first start; PostgreSQL: none (secrets stored unsealed, warned) |
/// | `--log-level` | `USERNOTIFYD_LOG_LEVEL` | `info` |
/// | `--max-body-bytes` | `USERNOTIFYD_MAX_BODY_BYTES` | `1048576` |
/// | `--admin-token` | `USERNOTIFYD_ADMIN_TOKEN` | none (secret; operator API disabled without it) |
/// | `--virtual-clock` | `USERNOTIFYD_VIRTUAL_CLOCK` | `0` (1: the operator moves the scheduler's clock) |
/// | `--pending-limit` | `USERNOTIFYD_PENDING_LIMIT` | `64` |
/// | `--webhook-allow-networks` | `USERNOTIFYD_WEBHOOK_ALLOW_NETWORKS` | none (CIDRs webhooks may reach although private) |
/// | `--connection-limit` | `USERNOTIFYD_CONNECTION_LIMIT` | `1000` |
/// | `--media-quota-bytes` | `USERNOTIFYD_MEDIA_QUOTA_BYTES` | `1000000000` |
/// | `--idle-timeout` | `USERNOTIFYD_IDLE_TIMEOUT` | `60` seconds |
/// | `--request-timeout` | `USERNOTIFYD_REQUEST_TIMEOUT` | `30` seconds |
/// | `--http-threads` | `USERNOTIFYD_HTTP_THREADS` | one per core, at most 4 |
/// | `--otlp-endpoint` | `USERNOTIFYD_OTLP_ENDPOINT` | none: no spans (a collector's OTLP/HTTP traces URL, e.g. `http://otel-collector:4318/v1/traces`) |
/// | `--metrics-port` | `USERNOTIFYD_METRICS_PORT` | none: `/metrics` only on the API's port, for the admin token (a port: a listener that serves `/metrics` alone, without credential) |
/// | `--heartbeat-interval` | `USERNOTIFYD_HEARTBEAT_INTERVAL` | `15` seconds |
/// | `--drain-delay` | `USERNOTIFYD_DRAIN_DELAY` | `0` seconds (not ready, still serving, before draining) |
/// | `--rate-limit-send` | `USERNOTIFYD_RATE_LIMIT_SEND` | `1000` adds and pushes per second per credential, bursts of twice that (0: none) |
/// | `--rate-limit-write` | `USERNOTIFYD_RATE_LIMIT_WRITE` | `100` other writes per second per credential (0: none) |
/// | `--rate-limit-read` | `USERNOTIFYD_RATE_LIMIT_READ` | `200` reads per second per credential (0: none) |
/// | `--rate-limit-anonymous` | `USERNOTIFYD_RATE_LIMIT_ANONYMOUS` | `20` requests without a valid credential per second per client address, 50 times that per token key (0: none) |
/// | `--retain-finished-messages` | `USERNOTIFYD_RETAIN_FINISHED_MESSAGES` | `7d`: delivered and aborted webhook messages |
/// | `--retain-failed-messages` | `USERNOTIFYD_RETAIN_FAILED_MESSAGES` | `30d`: webhook messages out of attempts |
/// | `--retain-retired-push-tokens` | `USERNOTIFYD_RETAIN_RETIRED_PUSH_TOKENS` | `30d` |
/// | `--retain-events` | `USERNOTIFYD_RETAIN_EVENTS` | `7d`: the users' event history |
/// | `--retain-staged-uploads` | `USERNOTIFYD_RETAIN_STAGED_UPLOADS` | `24h`: uploads never attached |
/// | `--cors-allowed-origins` | `USERNOTIFYD_CORS_ALLOWED_ORIGINS` | none (comma-separated origins whose web apps may call the API, or `*`) |
/// | `--cors-allow-credentials` | `USERNOTIFYD_CORS_ALLOW_CREDENTIALS` | `0` (1: `Access-Control-Allow-Credentials`, not with `*`) |
/// | `--web-push-allowed-services` | `USERNOTIFYD_WEB_PUSH_ALLOWED_SERVICES` | none beyond the browser vendors' (hosts such as `push.example.net` or `*.example.net`, or origins such as `http://127.0.0.1:8099`) |
/// | `--web-push-subject` | `USERNOTIFYD_WEB_PUSH_SUBJECT` | `mailto:usernotifyd@localhost` (the VAPID contact push services see) |
/// | `--apns-production-url` | `USERNOTIFYD_APNS_PRODUCTION_URL` | `https://api.push.apple.com` |
/// | `--apns-sandbox-url` | `USERNOTIFYD_APNS_SANDBOX_URL` | `https://api.sandbox.push.apple.com` |
/// | `--fcm-url` | `USERNOTIFYD_FCM_URL` | `https://fcm.googleapis.com` |
/// | `--google-token-url` | `USERNOTIFYD_GOOGLE_TOKEN_URL` | `https://oauth2.googleapis.com/token` (where FCM service accounts get access tokens) |
/// | `--relay-trust-roots` | `USERNOTIFYD_RELAY_TRUST_ROOTS` | none: the system's (a PEM file of CA certificates also trusted for APNs, FCM and the token URL: a proxy's) |
/// | `--webhook-disable-after` | `USERNOTIFYD_WEBHOOK_DISABLE_AFTER` | `5d`: an endpoint failing every attempt this long is disabled |
package struct ServerConfiguration: Sendable, Equatable {
    package var http = HTTPServerConfiguration()
    /// A listener of its own on this port (the API's host) that serves `GET /metrics` and nothing else,
    /// without credential, for a scraper on a cluster-internal port; nil: none (0: any free port, logged).
    package var metricsPort: Int?
    /// Where spans go (an OpenTelemetry collector's OTLP/HTTP traces URL); nil: no spans are recorded.
    package var otlpEndpoint: URL?
    package var dataDirectory = "./data"
    /// The database (`postgres://…`, `sqlite:///path`); nil: SQLite in the data directory. May hold a
    /// password: never logged.
    package var databaseURL: URL?
    /// Connections in the PostgreSQL pool at most (nil: the URL's `maxConnections`, else 20).
    package var databasePoolSize: Int?
    /// The keys that seal the secrets the database keeps, one a line, the first sealing (`SecretBox`); nil:
    /// SQLite's default file in the data directory (made at first start), or none on PostgreSQL.
    package var secretsKeyFile: String?
    package var logLevel = Logger.Level.info
    /// The operator's secrets, any of which opens the operator API; several at once let one be replaced
    /// while clients move to the next. Never logged.
    package var adminTokens: [String] = []
    /// Operator secrets that only read (GET and HEAD of the operator API: dashboards, automation). Never logged.
    package var adminReadTokens: [String] = []
    /// The files the tokens came from (`USERNOTIFYD_ADMIN_TOKEN_FILE`, `…_READ_TOKEN_FILE`) when no flag
    /// gave them: read again while the server runs, so that a token is added or removed without a restart.
    package var adminTokenFile: String?
    package var adminReadTokenFile: String?
    /// Run the scheduler on a clock that only the operator moves (test environments).
    package var virtualClock = false
    /// Pending requests per center (the framework keeps 64).
    package var pendingLimit = 64
    /// Bytes of attachment media one app may keep.
    package var mediaQuotaBytes = 1_000_000_000
    /// Loopback, private or link-local networks that webhook URLs may reach all the same (the SSRF guard).
    package var webhookAllowedNetworks: [IPNetwork] = []
    /// After SIGTERM: how long `/readyz` says 503 while everything still serves, so that load balancers
    /// stop sending before the server drains.
    package var drainDelay: Duration = .zero
    /// Requests per second each app key and center token may make, per class (per replica).
    package var rateLimits = RateLimits()
    /// How long delivered and failed webhook messages, retired push tokens, events and staged uploads are kept.
    package var retention = Retention()
    /// An endpoint failing every attempt for this long is disabled.
    package var webhookDisableAfter: TimeInterval = 5 * 86_400
    /// The push services subscriptions may name: the browser vendors' and these.
    package var webPushAllowList = try! PushServiceAllowList()
    /// Who push services contact about this server's messages (VAPID `sub`).
    package var webPushSubject = "mailto:usernotifyd@localhost"
    /// Where the relays to phones go: APNs' and FCM's origins and Google's token URL.
    package var relay = DeviceRelayService.Configuration()
    /// A PEM file of CA certificates trusted for the relays beside the system's (a proxy's, a test CA).
    package var relayTrustRoots: String?
    /// Origins whose web apps may call the API from a browser (`*`: any); empty: none.
    package var corsAllowedOrigins: [String] = []
    /// Whether CORS answers allow credentials (cookies, client certificates); never with `*`.
    package var corsAllowCredentials = false

    /// The CORS policy the two CORS settings make; nil: no origin is allowed.
    package func corsPolicy() throws(ConfigurationError) -> CORSPolicy? {
        do {
            return try CORSPolicy(origins: corsAllowedOrigins, allowCredentials: corsAllowCredentials)
        } catch {
            throw ConfigurationError("--cors-allowed-origins: \(error.message)")
        }
    }

    package init() {}
}

extension ServerConfiguration {
    /// One setting: its flag, its environment variable, and how a text value is applied.
    private struct Option: Sendable {
        var name: String
        var help: String
        /// Redacted wherever swift-configuration reports the value.
        var isSecret = false
        var apply: @Sendable (inout ServerConfiguration, String) throws(ConfigurationError) -> Void

        var flag: String { "--\(name)" }
        var environmentName: String { "USERNOTIFYD_" + name.uppercased().replacingOccurrences(of: "-", with: "_") }
    }

    /// What web apps and browsers reach: CORS and Web Push (apart, for the type checker's sake).
    private static let browserOptions: [Option] = [
        Option(
            name: "cors-allowed-origins",
            help: "comma-separated origins whose web apps may call the API from a browser, or * for any (default none)"
        ) { $0.corsAllowedOrigins = $1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } },
        Option(name: "cors-allow-credentials", help: "1 = CORS answers allow credentials (cookies); not with * (default 0)") {
            config, value throws(ConfigurationError) in
            config.corsAllowCredentials = try boolean(value, "cors-allow-credentials")
        },
        Option(
            name: "web-push-allowed-services",
            help: "comma-separated push services beyond the browser vendors': hosts (*.example.net) or origins (http://127.0.0.1:8099)"
        ) { config, value throws(ConfigurationError) in
            do throws(PushServiceAllowList.Invalid) {
                config.webPushAllowList = try PushServiceAllowList(adding: value.split(separator: ",").map(String.init))
            } catch {
                throw ConfigurationError(
                    "--web-push-allowed-services: '\(error.entry)' is neither a host (push.example.net, *.example.net) nor an origin (http://127.0.0.1:8099)"
                )
            }
        },
        Option(
            name: "web-push-subject",
            help: "the VAPID contact push services see: a mailto: or https: URL (default mailto:usernotifyd@localhost)"
        ) {
            config, value throws(ConfigurationError) in
            guard value.hasPrefix("mailto:") || value.hasPrefix("https://") else {
                throw ConfigurationError("--web-push-subject must be a mailto: or https: URL; got '\(value)'")
            }
            config.webPushSubject = value
        },
    ]

    /// Where relays to phones go: the providers' URLs, for regional endpoints, proxies and tests.
    private static let relayOptions: [Option] = [
        Option(name: "apns-production-url", help: "APNs for production builds (default https://api.push.apple.com)") {
            config, value throws(ConfigurationError) in
            config.relay.apnsProductionURL = try origin(value, "apns-production-url")
        },
        Option(name: "apns-sandbox-url", help: "APNs for development builds (default https://api.sandbox.push.apple.com)") {
            config, value throws(ConfigurationError) in
            config.relay.apnsSandboxURL = try origin(value, "apns-sandbox-url")
        },
        Option(name: "fcm-url", help: "FCM HTTP v1 (default https://fcm.googleapis.com)") { config, value throws(ConfigurationError) in
            config.relay.fcmURL = try origin(value, "fcm-url")
        },
        Option(name: "google-token-url", help: "where FCM service accounts get access tokens (default https://oauth2.googleapis.com/token)")
        {
            config, value throws(ConfigurationError) in
            guard let url = URL(string: value), url.scheme == "https", url.host != nil else {
                throw ConfigurationError("--google-token-url must be an https URL; got '\(value)'")
            }
            config.relay.googleTokenURL = value
        },
        Option(name: "relay-trust-roots", help: "a PEM file of CA certificates trusted for APNs and FCM beside the system's (default none)")
        {
            config, value throws(ConfigurationError) in
            guard FileManager.default.isReadableFile(atPath: value) else {
                throw ConfigurationError("--relay-trust-roots: cannot read '\(value)'")
            }
            config.relayTrustRoots = value
        },
    ]

    /// An https origin (scheme, host, port; no path): what a provider's paths are put after.
    private static func origin(_ value: String, _ name: String) throws(ConfigurationError) -> String {
        guard let url = URL(string: value), url.scheme == "https", url.host != nil, url.path.isEmpty || url.path == "/", url.query == nil
        else {
            throw ConfigurationError("--\(name) must be an https origin such as https://api.example.net:8443 (no path); got '\(value)'")
        }
        return value.hasSuffix("/") ? String(value.dropLast()) : value
    }

    private static let options: [Option] =
        [
            Option(name: "host", help: "address to listen on (default 127.0.0.1)") { $0.http.host = $1 },
            Option(name: "port", help: "TCP port; 0 picks a free one (default 8080)") { config, value throws(ConfigurationError) in
                config.http.port = try integer(value, "port", in: 0...65535)
            },
            Option(name: "data-dir", help: "directory for the database and media, owned by one process (default ./data)") {
                $0.dataDirectory = $1
            },
            Option(
                name: "database-url", help: "postgres://user:pass@host:port/db or sqlite:///path (default: SQLite in the data directory)",
                isSecret: true
            ) {
                config, value throws(ConfigurationError) in
                guard !value.isEmpty else {
                    config.databaseURL = nil
                    return
                }
                guard let url = URL(string: value), url.scheme != nil else {
                    throw ConfigurationError(
                        "--database-url must be a URL such as postgres://user@127.0.0.1:5432/usernotifyd; got something else")
                }
                config.databaseURL = url
            },
            Option(name: "database-pool-size", help: "PostgreSQL connections per replica at most (default 20)") {
                config, value throws(ConfigurationError) in
                config.databasePoolSize = try integer(value, "database-pool-size", in: 1...1000)
            },
            Option(
                name: "secrets-key-file",
                help:
                    "file of the keys that seal stored secrets, one base64 key a line, the first sealing (default: SQLite's data-dir/secrets.key, made at first start; none on PostgreSQL)"
            ) { config, value in config.secretsKeyFile = value.isEmpty ? nil : value },
            Option(name: "log-level", help: "trace, debug, info, notice, warning, error or critical (default info)") {
                config, value throws(ConfigurationError) in
                guard let level = Logger.Level(rawValue: value.lowercased()) else {
                    throw ConfigurationError(
                        "log-level must be one of trace, debug, info, notice, warning, error, critical; got '\(value)'")
                }
                config.logLevel = level
            },
            Option(name: "max-body-bytes", help: "largest request body accepted (default 1048576)") {
                config, value throws(ConfigurationError) in
                config.http.maxBodyBytes = try integer(value, "max-body-bytes", in: 1...(1 << 30))
            },
            Option(name: "admin-token", help: "operator secrets for the admin API, one a line (no default)", isSecret: true) {
                $0.adminTokens = OperatorTokens.tokens(in: $1)
            },
            Option(
                name: "admin-read-token", help: "operator secrets that only read the admin API, one a line (no default)", isSecret: true
            ) {
                $0.adminReadTokens = OperatorTokens.tokens(in: $1)
            },
            Option(name: "virtual-clock", help: "1 = the scheduler's clock moves only when the operator sets it (default 0)") {
                config, value throws(ConfigurationError) in
                config.virtualClock = try boolean(value, "virtual-clock")
            },
            Option(name: "pending-limit", help: "pending requests per center; adding more is refused (default 64)") {
                config, value throws(ConfigurationError) in
                config.pendingLimit = try integer(value, "pending-limit", in: 1...1_000_000)
            },
            Option(name: "media-quota-bytes", help: "bytes of attachment media each app may keep (default 1000000000)") {
                config, value throws(ConfigurationError) in
                config.mediaQuotaBytes = try integer(value, "media-quota-bytes", in: 1...(1 << 50))
            },
            Option(
                name: "webhook-allow-networks",
                help:
                    "comma-separated CIDRs webhook and attachment URLs may reach although loopback or private, e.g. 127.0.0.0/8 (default none)"
            ) { config, value throws(ConfigurationError) in
                var networks: [IPNetwork] = []
                for text in value.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !text.isEmpty {
                    guard let network = IPNetwork(text) else {
                        throw ConfigurationError("--webhook-allow-networks: '\(text)' is not a CIDR such as 10.0.0.0/8 or ::1/128")
                    }
                    networks.append(network)
                }
                config.webhookAllowedNetworks = networks
            },
            Option(name: "connection-limit", help: "most open connections (default 1000)") { config, value throws(ConfigurationError) in
                config.http.connectionLimit = try integer(value, "connection-limit", in: 1...100_000)
            },
            Option(name: "idle-timeout", help: "seconds a silent connection stays open (default 60)") {
                config, value throws(ConfigurationError) in
                config.http.idleTimeout = .seconds(try integer(value, "idle-timeout", in: 1...86_400))
            },
            Option(name: "request-timeout", help: "seconds a client has to send a whole request (default 30)") {
                config, value throws(ConfigurationError) in
                config.http.requestReadTimeout = .seconds(try integer(value, "request-timeout", in: 1...86_400))
            },
            Option(name: "otlp-endpoint", help: "an OpenTelemetry collector's OTLP/HTTP traces URL (default: no tracing)") {
                config, value throws(ConfigurationError) in
                guard !value.isEmpty else {
                    config.otlpEndpoint = nil
                    return
                }
                guard let url = URL(string: value), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                    throw ConfigurationError(
                        "--otlp-endpoint must be an http(s) URL such as http://otel-collector:4318/v1/traces; got '\(value)'")
                }
                config.otlpEndpoint = url
            },
            Option(name: "metrics-port", help: "a listener of its own for GET /metrics, without credential (default: none)") {
                config, value throws(ConfigurationError) in
                config.metricsPort = try integer(value, "metrics-port", in: 0...65535)
            },
            Option(name: "http-threads", help: "libmicrohttpd polling threads (default: cores, at most 4)") {
                config, value throws(ConfigurationError) in
                config.http.threads = try integer(value, "http-threads", in: 1...64)
            },
            Option(name: "heartbeat-interval", help: "seconds between keep-alive comments on event streams (default 15)") {
                config, value throws(ConfigurationError) in
                config.http.heartbeatInterval = .seconds(try integer(value, "heartbeat-interval", in: 1...3_600))
            },
            Option(name: "drain-delay", help: "seconds /readyz answers 503 after SIGTERM while everything still serves (default 0)") {
                config, value throws(ConfigurationError) in
                config.drainDelay = .seconds(try integer(value, "drain-delay", in: 0...600))
            },
        ]
        + RateLimits.Kind.allCases.map { kind in
            let defaults = RateLimits()[kind].map { String(Int($0.perSecond)) } ?? "0"
            let per =
                kind == .anonymous
                ? "per client address (\(Int(RateLimits.anonymousPerKey)) times that per token key)" : "per app key or center token"
            return Option(
                name: "rate-limit-\(kind.rawValue)",
                help: "\(kind.summary) per second \(per), bursts of twice that; 0 = no limit (default \(defaults))"
            ) { config, value throws(ConfigurationError) in
                let rate = try integer(value, "rate-limit-\(kind.rawValue)", in: 0...10_000_000)
                config.rateLimits[kind] = rate == 0 ? nil : RateLimit(perSecond: Double(rate))
            }
        }
        + RetainedKind.allCases.map { kind in
            let days = Int((Retention().seconds[kind] ?? 0) / 86_400)
            return Option(
                name: Retention.name(kind), help: "how long \(Retention.describe(kind)) are kept: 90s, 30m, 12h or 7d (default \(days)d)"
            ) {
                config, value throws(ConfigurationError) in
                config.retention.seconds[kind] = try duration(value, Retention.name(kind))
            }
        }
        + [
            Option(name: "retain-staged-uploads", help: "how long uploads never attached are kept: 90s, 30m, 12h or 7d (default 24h)") {
                config, value throws(ConfigurationError) in
                config.retention.stagedUploads = try duration(value, "retain-staged-uploads")
            },
            Option(name: "webhook-disable-after", help: "an endpoint whose every attempt failed for this long is disabled (default 5d)") {
                config, value throws(ConfigurationError) in
                config.webhookDisableAfter = try duration(value, "webhook-disable-after")
            },
        ] + browserOptions + relayOptions

    /// The settings from the flags (`--name value` or `--name=value`), else the environment, else the
    /// defaults, read through swift-configuration: the flags as an in-memory provider, the environment with
    /// `EnvironmentVariablesProvider` under the `USERNOTIFYD_` prefix, secrets marked so that access reports
    /// redact them.
    ///
    /// The flags are split here rather than by swift-configuration's `CommandLineArgumentsProvider`, which
    /// skips words it does not know and splits values at commas: a mistyped `--admin-tokn` would start a
    /// server without its token, and a token with a comma would not be read at all.
    package static func parse(arguments: [String], environment: [String: String]) throws(ConfigurationError) -> ServerConfiguration {
        let flagged = try flags(arguments)
        let reader = ConfigReader(providers: [
            InMemoryProvider(name: "flags", values: flagged),
            EnvironmentVariablesProvider(
                environmentVariables: try readingFiles(environment),
                secretsSpecifier: .specific(Set(options.filter(\.isSecret).map(\.environmentName)))
            ).prefixKeys(with: "usernotifyd"),
        ])
        var configuration = ServerConfiguration()
        for option in options {
            if let value = reader.string(forKey: ConfigKey(option.name), isSecret: option.isSecret) {
                try option.apply(&configuration, value)
            }
        }
        if flagged[AbsoluteConfigKey(["admin-token"])] == nil {
            configuration.adminTokenFile = environment["USERNOTIFYD_ADMIN_TOKEN_FILE"]
        }
        if flagged[AbsoluteConfigKey(["admin-read-token"])] == nil {
            configuration.adminReadTokenFile = environment["USERNOTIFYD_ADMIN_READ_TOKEN_FILE"]
        }
        _ = try configuration.corsPolicy()
        return configuration
    }

    /// Each flag's value, refusing unknown flags, missing values and stray words.
    private static func flags(_ arguments: [String]) throws(ConfigurationError) -> [AbsoluteConfigKey: ConfigValue] {
        var values: [AbsoluteConfigKey: ConfigValue] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" { throw ConfigurationError.helpRequested }
            if argument == "--version" { throw ConfigurationError.versionRequested }
            let (flag, inlineValue) = splitFlag(argument)
            guard let option = options.first(where: { $0.flag == flag }) else {
                throw ConfigurationError("unknown argument '\(argument)'; see --help")
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if option.name == "virtual-clock", index == arguments.count || arguments[index].hasPrefix("--") {
                value = "1"
            } else {
                guard index < arguments.count else { throw ConfigurationError("\(flag) needs a value") }
                value = arguments[index]
                index += 1
            }
            values[AbsoluteConfigKey([option.name])] = ConfigValue(.string(value), isSecret: option.isSecret)
        }
        return values
    }

    /// The environment with each `USERNOTIFYD_…_FILE` replaced by the variable it names, set to the file's
    /// content without its last line break: how Docker and Kubernetes hand secrets to a process.
    private static func readingFiles(_ environment: [String: String]) throws(ConfigurationError) -> [String: String] {
        var resolved = environment
        for option in options {
            let fileVariable = option.environmentName + "_FILE"
            guard let path = environment[fileVariable] else { continue }
            guard environment[option.environmentName] == nil else {
                throw ConfigurationError("set \(option.environmentName) or \(fileVariable), not both")
            }
            guard let data = FileManager.default.contents(atPath: path), var text = String(data: data, encoding: .utf8) else {
                throw ConfigurationError("\(fileVariable): cannot read '\(path)' as UTF-8 text")
            }
            if text.hasSuffix("\n") { text.removeLast() }
            resolved[option.environmentName] = text
        }
        return resolved
    }

    /// The text `--help` prints.
    package static var usage: String {
        var text = """
            usage: usernotifyd [options]
                   usernotifyd healthcheck [--port N]   ask the server here for /healthz (exit 0 when healthy)
                   usernotifyd migrate [options]        migrate the database to this version's schema, then exit
                   usernotifyd backup DIRECTORY [options]
                                                        copy the SQLite database (online) and its media to DIRECTORY
                   usernotifyd --version

            Every option can also be set in the environment (flags win), or as a file that holds the value:
            USERNOTIFYD_ADMIN_TOKEN_FILE=/run/secrets/admin-token instead of USERNOTIFYD_ADMIN_TOKEN.


            """
        for option in options {
            let left = "\(option.flag) VALUE"
            let indent = String(repeating: " ", count: 28)
            text += left.count < 27 ? "  \(left.padding(toLength: 28, withPad: " ", startingAt: 0))" : "  \(left)\n  \(indent)"
            text += "\(option.help)\n  \(indent)env \(option.environmentName)\n"
        }
        return text
    }

    private static func splitFlag(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func boolean(_ value: String, _ name: String) throws(ConfigurationError) -> Bool {
        switch value.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off", "": return false
        default: throw ConfigurationError("\(name) must be 1 or 0 (true or false); got '\(value)'")
        }
    }

    /// Seconds from `90s`, `30m`, `12h` or `7d` (a whole number and its unit), at least a second.
    private static func duration(_ value: String, _ name: String) throws(ConfigurationError) -> TimeInterval {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let unit = value.last.flatMap({ units[$0] }), let number = Int(value.dropLast()), number > 0, number <= 100_000 else {
            throw ConfigurationError("\(name) must be a duration such as 90s, 30m, 12h or 7d; got '\(value)'")
        }
        return TimeInterval(number) * unit
    }

    private static func integer(_ value: String, _ name: String, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        guard let number = Int(value), range.contains(number) else {
            throw ConfigurationError("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound); got '\(value)'")
        }
        return number
    }
}

/// A configuration value that cannot be used, or a request for help.
package struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    package let description: String

    package init(_ description: String) { self.description = description }

    package static let helpRequested = ConfigurationError("help requested")
    package static let versionRequested = ConfigurationError("version requested")
}
