import API
import Foundation
import Logging
import MicroHTTPD
import Outbox
import PostgresStorage
import RelayService
import WebPush
import Webhooks

extension ServerConfiguration {
    /// The settings in the order `--help` and the operations table list them, each group read by its
    /// owner: a component's by the component's `init(reader:)`, the server's own one by one. One list, so
    /// that a setting listed is a setting read.
    static let groups: [SettingGroup] = [
        .component(\ServerConfiguration.http), .own(observability + storage + operation), .component(\ServerConfiguration.centers),
        .component(\ServerConfiguration.rateLimits),
        .component(\ServerConfiguration.retention), .component(\ServerConfiguration.outbox), .own(delivery + browsers),
        .component(\ServerConfiguration.relay), .own(relays),
    ]

    /// Every setting, in the order `--help` lists them.
    package static let settings = groups.flatMap(\.settings)

    private static let observability: [Setting<ServerConfiguration>] = [
        Setting(
            "otlp-endpoint", help: "an OpenTelemetry collector's OTLP/HTTP traces URL: spans for requests, firings and outbox attempts",
            details: "(see [Traces](#traces))", default: { _ in .words("none") }
        ) { config, value throws(ConfigurationError) in
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
        Setting(
            "metrics-port", help: "a listener that serves GET /metrics alone, without credential", details: "(see [Metrics](#metrics))",
            default: { _ in .words("none") }
        ) { config, value throws(ConfigurationError) in
            config.metricsPort = try SettingValue.integer(value, "metrics-port", in: 0...65535)
        },
    ]

    private static let storage: [Setting<ServerConfiguration>] = [
        Setting(
            "data-dir", help: "where the database and media live; one process owns it (a second one refuses to start)",
            default: { .value($0.dataDirectory) }
        ) { $0.dataDirectory = $1 },
        Setting(
            "database-url", help: "the database: sqlite:///path/file.sqlite or postgres://user:password@host:5432/db (never logged)",
            details: "See [Replicas on PostgreSQL](#replicas-on-postgresql) for the URL's options.", isSecret: true,
            default: { _ in .words("none: SQLite in the data directory") }
        ) { config, value throws(ConfigurationError) in
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
        Setting(
            "database-pool-size", help: "PostgreSQL connections per replica at most (overrides the URL's maxConnections)",
            default: { .value(String($0.databasePoolSize ?? PostgresStore.Configuration.defaultMaximumConnections)) }
        ) { config, value throws(ConfigurationError) in
            config.databasePoolSize = try SettingValue.integer(value, "database-pool-size", in: 1...1000)
        },
        Setting(
            "secrets-key-file",
            help:
                "the keys that seal the secrets the database keeps: one base64 key of 32 bytes a line, the first sealing, the others only opening",
            details: "(`openssl rand -base64 32`); see [Security](#security)",
            default: { _ in .words("SQLite: `secrets.key` in the data directory, made at first start; PostgreSQL: none") }
        ) { config, value in config.secretsKeyFile = value.isEmpty ? nil : value },
    ]

    private static let operation: [Setting<ServerConfiguration>] = [
        Setting("log-level", help: "trace, debug, info, notice, warning, error or critical", default: { .value($0.logLevel.rawValue) }) {
            config, value throws(ConfigurationError) in
            guard let level = Logger.Level(rawValue: value.lowercased()) else {
                throw ConfigurationError("log-level must be one of trace, debug, info, notice, warning, error, critical; got '\(value)'")
            }
            config.logLevel = level
        },
        Setting(
            "admin-token", help: "the operator's secrets, one a line, any of which opens the operator API (never logged)",
            details: "; see [Operator tokens](#operator-tokens)", isSecret: true, default: { _ in .words("none") }
        ) { $0.adminTokens = OperatorTokens.tokens(in: $1) },
        Setting(
            "admin-read-token",
            help: "operator secrets that only read the operator API (GET and HEAD), one a line, for dashboards and automation",
            isSecret: true, default: { _ in .words("none") }
        ) { $0.adminReadTokens = OperatorTokens.tokens(in: $1) },
        Setting(
            "drain-delay", help: "seconds after SIGTERM during which /readyz answers 503 while everything still serves",
            details: ", so that load balancers stop sending first (5–10 behind Kubernetes)",
            default: { .value(String($0.drainDelay.components.seconds)) }
        ) { config, value throws(ConfigurationError) in
            config.drainDelay = .seconds(try SettingValue.integer(value, "drain-delay", in: 0...600))
        },
        Setting(
            "virtual-clock",
            help:
                "1: the scheduler runs on a clock that only the operator moves (test environments); a date and time"
                + " (2027-03-01T00:00:00Z): the same, the clock starting there on a new database",
            bareValue: "1",
            default: { .value($0.virtualClockStart.map { $0.formatted(.iso8601) } ?? ($0.virtualClock ? "1" : "0")) }
        ) { config, value throws(ConfigurationError) in
            if let start = try? Date(value, strategy: .iso8601) {
                (config.virtualClock, config.virtualClockStart) = (true, start)
            } else if let on = try? SettingValue.boolean(value, "virtual-clock") {
                (config.virtualClock, config.virtualClockStart) = (on, nil)
            } else {
                throw ConfigurationError(
                    "virtual-clock must be 1 or 0, or a date and time for the clock to start at (2027-03-01T00:00:00Z); got '\(value)'")
            }
        },
        Setting("media-quota-bytes", help: "bytes of attachment media each app may keep", default: { .value(String($0.mediaQuotaBytes)) }) {
            config, value throws(ConfigurationError) in
            config.mediaQuotaBytes = try SettingValue.integer(value, "media-quota-bytes", in: 1...(1 << 50))
        },
    ]

    private static let delivery: [Setting<ServerConfiguration>] = [
        Setting(
            "webhook-allow-networks",
            help:
                "comma-separated CIDRs (127.0.0.0/8,10.1.0.0/16) that webhook and attachment URLs may reach although loopback, private or link-local",
            default: { _ in .words("none") }
        ) { config, value throws(ConfigurationError) in
            var networks: [IPNetwork] = []
            for text in SettingValue.list(value) {
                guard let network = IPNetwork(text) else {
                    throw ConfigurationError("--webhook-allow-networks: '\(text)' is not a CIDR such as 10.0.0.0/8 or ::1/128")
                }
                networks.append(network)
            }
            config.webhookAllowedNetworks = networks
        }
    ]

    /// What web apps and browsers reach: Web Push and CORS.
    private static let browsers: [Setting<ServerConfiguration>] = [
        Setting(
            "web-push-allowed-services",
            help:
                "push services beyond the browser vendors' that subscriptions may name: hosts (push.example.net, *.example.net, over https on 443) or exact origins with their port (http://127.0.0.1:8099)",
            details:
                "The vendors' are `fcm.googleapis.com`, `*.push.services.mozilla.com`, `web.push.apple.com`, `*.push.apple.com` and `*.notify.windows.com`, all over https on port 443.",
            default: { _ in .words("none") }
        ) { config, value throws(ConfigurationError) in
            do throws(PushServiceAllowList.Invalid) {
                config.webPushAllowList = try PushServiceAllowList(adding: SettingValue.list(value))
            } catch {
                throw ConfigurationError(
                    "--web-push-allowed-services: '\(error.entry)' is neither a host (push.example.net, *.example.net) nor an origin (http://127.0.0.1:8099)"
                )
            }
        },
        Setting(
            "web-push-subject",
            help: "who push services contact about this server's pushes (VAPID sub): a mailto: or https: URL; set yours",
            default: { .value($0.webPushSubject) }
        ) { config, value throws(ConfigurationError) in
            guard value.hasPrefix("mailto:") || value.hasPrefix("https://") else {
                throw ConfigurationError("--web-push-subject must be a mailto: or https: URL; got '\(value)'")
            }
            config.webPushSubject = value
        },
        Setting(
            "cors-allowed-origins",
            help: "comma-separated origins (https://app.example.com) whose web apps may call the API from a browser, or * for any",
            details: "(see [api.md](api.md#web-apps-on-other-origins))", default: { _ in .words("none") }
        ) { $0.corsAllowedOrigins = SettingValue.list($1) },
        Setting(
            "cors-allow-credentials", help: "1: CORS answers allow credentials (cookies, client certificates); refused with *",
            default: { .value($0.corsAllowCredentials ? "1" : "0") }
        ) { config, value throws(ConfigurationError) in
            config.corsAllowCredentials = try SettingValue.boolean(value, "cors-allow-credentials")
        },
    ]

    private static let relays: [Setting<ServerConfiguration>] = [
        Setting(
            "relay-trust-roots",
            help: "a PEM file of CA certificates trusted for the relays beside the system's (a TLS-inspecting proxy's)",
            default: { _ in .words("none") }
        ) { config, value throws(ConfigurationError) in
            guard FileManager.default.isReadableFile(atPath: value) else {
                throw ConfigurationError("--relay-trust-roots: cannot read '\(value)'")
            }
            config.relayTrustRoots = value
        }
    ]
}
