import API
import Configuration
import Foundation
import HTTPCore
import Logging
import MicroHTTPD
import NotificationService
import Outbox
import RelayService
import Storage
import WebPush
import Webhooks

/// Everything usernotifyd is configured with, from flags and the environment (flags win). Each component
/// reads its own settings (`HTTPServerConfiguration+Settings.swift`, `RateLimits+Settings.swift`, …); the
/// rest are in `ServerConfiguration+Settings.swift`. `--help` and docs/operations.md's table are made
/// from them.
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
    /// Where the virtual clock starts on a database that has none yet: the wall clock's time when nil. A
    /// fixed start keeps the dates a test or an example moves the clock to ahead of it, whenever it runs.
    package var virtualClockStart: Date?
    /// The centers' service: pending requests per center (the framework keeps 64), how many calls to the
    /// apps' extensions run at once.
    package var centers = NotificationCenterService.Configuration()
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
    /// The outbox's dispatcher: how long an attempt may take, when a failing endpoint is disabled.
    package var outbox = OutboxDispatcher.Configuration()
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

/// A configuration value that cannot be used, or a request for help.
package struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    package let description: String

    package init(_ description: String) { self.description = description }

    package static let helpRequested = ConfigurationError("help requested")
    package static let versionRequested = ConfigurationError("version requested")
}
