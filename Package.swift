// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

/// Settings every Swift target shares: Swift 6 language mode (strict concurrency) plus the upcoming
/// features the codebases we follow switch on.
let languageSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// `make fuzz` builds with `USERNOTIFYD_FUZZ` set: libFuzzer's instrumentation on the project's own targets
/// and `FUZZING` defined, but not on the macros, which the compiler runs (libFuzzer's `main` would take
/// the place of theirs).
let fuzzing = Context.environment["USERNOTIFYD_FUZZ"] != nil
let swiftSettings = languageSettings + (fuzzing ? [.unsafeFlags(["-sanitize=fuzzer"]), .define("FUZZING")] : [])

let package = Package(
    name: "usernotifyd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "usernotifyd", targets: ["usernotifyd"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", exact: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", exact: "4.5.2"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", exact: "1.13.4"),
        .package(url: "https://github.com/swift-server/swift-openapi-async-http-client.git", exact: "1.5.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", exact: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", exact: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", exact: "1.46.0"),
        .package(url: "https://github.com/apple/swift-collections.git", exact: "1.6.0"),
        // Certificates the tests make for their TLS servers.
        .package(url: "https://github.com/apple/swift-certificates.git", exact: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", exact: "1.7.4"),
        .package(url: "https://github.com/vapor/postgres-nio.git", exact: "1.33.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", exact: "2.4.1"),
        .package(url: "https://github.com/apple/swift-configuration.git", exact: "1.4.0", traits: []),
        // The Swift client, a package of its own (Clients/usernotify-swift) that the end-to-end tests use.
        .package(path: "Clients/usernotify-swift"),
    ],
    targets: [
        // libFuzzer targets on the request-decoding edge and on HTTP parsing through the real daemon
        // (`make fuzz`, which builds it with -sanitize=fuzzer; a plain build replays inputs).
        .executableTarget(
            name: "usernotifyd-fuzz",
            dependencies: [
                "HTTPCore", "MicroHTTPD", "NotificationCore", "StrictJSON", .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            path: "Fuzz/UserNotifyFuzz",
            swiftSettings: swiftSettings,
            linkerSettings: fuzzing ? [.unsafeFlags(["-sanitize=fuzzer"])] : []
        ),
        // `@MemberwiseInit`: a type's memberwise initializer at package access, written by the compiler.
        // (The expansion is a library of its own: a test target that depended on the macro itself would make
        // SwiftPM build every test and its dependencies a second time, for the host.)
        .target(name: "MemberwiseExpansion", swiftSettings: languageSettings),
        .macro(name: "MemberwiseMacros", dependencies: ["MemberwiseExpansion"], swiftSettings: languageSettings),
        .target(name: "Memberwise", dependencies: ["MemberwiseMacros"], swiftSettings: swiftSettings),
        // The C library and nothing else.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // Strict RFC 8259 JSON: a parser and a decoder that refuses members the type does not read.
        .target(
            name: "StrictJSON",
            swiftSettings: swiftSettings
        ),
        // The catalogue of every error code the API answers with, and its meaning.
        .target(
            name: "ErrorCodes",
            swiftSettings: swiftSettings
        ),
        // HTTP values, routing and problem+json: no C, no I/O.
        .target(
            name: "HTTPCore",
            dependencies: ["Memberwise", "ErrorCodes", "StrictJSON", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: swiftSettings
        ),
        // The only Swift code that touches libmicrohttpd.
        .target(
            name: "MicroHTTPD",
            dependencies: [
                "Memberwise",
                "ErrorCodes",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "CMicroHTTPD",
                "HTTPCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // The framework's model and rules: plain Swift, no I/O.
        .target(
            name: "NotificationCore",
            dependencies: ["Memberwise", "ErrorCodes", "StrictJSON"],
            swiftSettings: swiftSettings
        ),
        // The delegate as webhooks, without I/O: settings, Standard Webhooks signing, the retry schedule,
        // the SSRF rules for outbound URLs.
        .target(
            name: "Webhooks",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"), "ErrorCodes", .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // Web Push without I/O: RFC 8291 message encryption, RFC 8292 VAPID, RFC 8030 headers and answers.
        .target(
            name: "WebPush",
            dependencies: [.product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        // APNs and FCM without I/O: credentials, device tokens, provider JWTs (ES256, RS256), the messages
        // and what the services' answers mean.
        .target(
            name: "Relay",
            dependencies: [
                "Memberwise",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "NotificationCore", "StrictJSON", "WebPush", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // The store protocol and its records: what any database must provide.
        .target(
            name: "Storage",
            dependencies: [
                "Memberwise",
                "NotificationCore", "Webhooks", "StrictJSON", "WebPush", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        // Attachments: type from content, caps, quota, content-addressed files on disk.
        .target(
            name: "Media",
            dependencies: [
                "ErrorCodes",
                "NotificationCore", "Storage", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // SQLite's process-wide settings, which only C can make (a variadic call).
        .systemLibrary(name: "CSQLiteConfig", providers: [.apt(["libsqlite3-dev"])]),
        // The embedded default store: SQLite through GRDB.
        .target(
            name: "SQLiteStorage",
            dependencies: [
                "CSQLiteConfig", "Memberwise", "Storage", "NotificationCore", "StrictJSON", "Webhooks",
                .product(name: "GRDB", package: "GRDB.swift"), .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        // The store for several replicas: PostgreSQL through PostgresNIO, its change feed over LISTEN/NOTIFY.
        .target(
            name: "PostgresStorage",
            dependencies: [
                "Memberwise", "Storage", "NotificationCore", "Webhooks",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The scheduler actor, its clock and its decisions.
        // The two kinds of time: the schedule's (may be virtual) and the wall clock's.
        .target(name: "Clocks", swiftSettings: swiftSettings),
        .target(
            name: "Scheduling",
            dependencies: [
                "Clocks", "Storage", "NotificationCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // The center's behaviour: the store, the scheduler and the rules put together.
        .target(
            name: "NotificationService",
            dependencies: [
                "Memberwise",
                "Clocks", "ErrorCodes", "NotificationCore", "Storage", "Scheduling", .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Web Push for the centers: VAPID keys, browsers' subscriptions, the workers' payloads and answers.
        .target(
            name: "WebPushService",
            dependencies: [
                "Memberwise",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "Clocks",
                "ErrorCodes", "HTTPCore", "WebPush", "Storage", "NotificationCore", "NotificationService", "Scheduling", "StrictJSON",
                "Webhooks", "Outbox", "OutboundHTTP", .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        // Relays to phones for the centers: apps' APNs and FCM credentials, devices' registrations, the
        // messages made when they are sent.
        .target(
            name: "RelayService",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "Clocks",
                "ErrorCodes", "Relay", "Storage", "NotificationCore", "NotificationService", "Scheduling", "WebPushService",
                "StrictJSON", "Webhooks", "Outbox", "OutboundHTTP",
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        // The outbox's dispatcher: claims, per-endpoint caps, records and retries; hands each message to
        // the channel of its destination and knows no transport.
        .target(
            name: "Outbox",
            dependencies: [
                "Memberwise",
                "Clocks",
                "Webhooks", "Storage", "NotificationCore", "Scheduling", .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"), .product(name: "DequeModule", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),
        // Calls to URLs an app gave (webhooks, push services) over HTTP/1.1 connections pinned to the
        // addresses the SSRF guard checked; the relays' calls to APNs and FCM over HTTP/2.
        .target(
            name: "OutboundHTTP",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "Outbox", "Storage", "Webhooks",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"), .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: swiftSettings
        ),
        // The app's delegate over HTTP: its synchronous calls (willPresent, the extensions), the outbox's
        // webhook channel, and media fetched from URLs.
        .target(
            name: "WebhookDelivery",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "Clocks",
                "ErrorCodes", "Webhooks", "Storage", "NotificationCore", "NotificationService", "Scheduling", "HTTPCore", "Media", "Outbox",
                "OutboundHTTP", .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // The v1 REST API: principals, handlers, errors to problem+json.
        .target(
            name: "API",
            dependencies: [
                "Memberwise",
                "Clocks",
                "ErrorCodes",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "HTTPCore", "NotificationCore", "NotificationService", "Storage", "Scheduling", "StrictJSON", "Webhooks", "Media",
                "WebPush", "WebPushService", "Relay", "RelayService",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Resources/openapi.yaml")],
            swiftSettings: swiftSettings
        ),
        // The web console: static files under /console, calling the public API.
        .target(
            name: "Console",
            dependencies: ["HTTPCore", .product(name: "HTTPTypes", package: "swift-http-types")],
            resources: [.copy("Resources")],
            swiftSettings: swiftSettings
        ),
        // Wiring: configuration, routes, the service group.
        .target(
            name: "UserNotifyServer",
            dependencies: [
                "Memberwise",
                "Clocks",
                "ErrorCodes",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "API",
                "Console",
                "Media",
                "WebhookDelivery", "Outbox", "OutboundHTTP",
                "Webhooks",
                "HTTPCore",
                "MicroHTTPD",
                "NotificationCore",
                "NotificationService",
                "Storage",
                "SQLiteStorage",
                "PostgresStorage",
                "Scheduling",
                "WebPush",
                "WebPushService",
                "RelayService",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Metrics", package: "swift-metrics"), .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Configuration", package: "swift-configuration"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "usernotifyd",
            dependencies: ["UserNotifyServer", "MicroHTTPD", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),

        // Test support: a loopback HTTP client that never blocks the cooperative pool, subprocess helpers
        // (the benchmarks start their children with them too).
        .target(
            name: "TestSupport",
            dependencies: ["Clocks"],
            path: "Tests/TestSupport",
            swiftSettings: swiftSettings
        ),
        // The whole API in a test's own process (storage, workers, the responder the server calls), for API
        // tests that need no process of their own.
        .target(
            name: "InProcessHarness",
            dependencies: [
                "API", "HTTPCore", "Media", "MicroHTTPD", "TestSupport", "UserNotifyServer",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/InProcessHarness",
            swiftSettings: swiftSettings
        ),
        // A tiny server on the real HTTP core with slow and streaming routes, so signal handling can be
        // tested in a separate process.
        .executableTarget(
            name: "http-fixture-server",
            dependencies: [
                "ErrorCodes",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "HTTPCore",
                "MicroHTTPD",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            path: "Tests/Fixtures/HTTPFixtureServer",
            swiftSettings: swiftSettings
        ),
        // make bench: the store and the scheduler.
        .executableTarget(
            name: "scheduler-bench",
            dependencies: [
                "Clocks",
                "NotificationCore", "NotificationService", "SQLiteStorage", "Scheduling", "Storage", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Benchmarks/SchedulerBench",
            swiftSettings: swiftSettings
        ),
        // make bench: signed webhook deliveries per second from the outbox to a loopback sink.
        .executableTarget(
            name: "webhook-bench",
            dependencies: [
                "Clocks",
                "PostgresStorage", "SQLiteStorage", "Scheduling", "Storage", "Outbox", "OutboundHTTP", "WebhookDelivery", "Webhooks",
                "WebPush", "WebPushService",
                "NotificationCore", "NotificationService", "Relay", "RelayService", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"), .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Benchmarks/WebhookBench",
            swiftSettings: swiftSettings
        ),
        // make bench: an HTTP/2-over-TLS endpoint that answers every request, for the relays.
        .executableTarget(
            name: "h2-sink",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Benchmarks/H2Sink",
            swiftSettings: swiftSettings
        ),
        // Adds and fires until killed, for the crash-safety test.
        .executableTarget(
            name: "center-crash-fixture",
            dependencies: [
                "Clocks",
                "NotificationCore", "NotificationService", "SQLiteStorage", "Scheduling", "Storage",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/Fixtures/CenterCrashFixture",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MemberwiseMacrosTests",
            dependencies: [
                "Memberwise", "MemberwiseExpansion",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HTTPCoreTests",
            dependencies: ["ErrorCodes", .product(name: "HTTPTypes", package: "swift-http-types"), "HTTPCore", "StrictJSON"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MediaTests",
            dependencies: ["ErrorCodes", "Media", "NotificationCore", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "PostgresStorageTests",
            dependencies: [
                "NotificationCore", "PostgresStorage", "Storage", "TestSupport", "Webhooks",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WebPushTests",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"), "WebPush", "WebPushService", "Storage", "NotificationCore",
                "StrictJSON", "TestSupport", .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "RelayTests",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "Relay", "NotificationCore", "WebPush", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WebhooksTests",
            dependencies: ["Webhooks", .product(name: "HTTPTypes", package: "swift-http-types")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OutboxTests",
            dependencies: [
                "Clocks", "ErrorCodes", "NotificationCore",
                "Outbox", "OutboundHTTP", "WebhookDelivery", "Webhooks", "Storage", "SQLiteStorage", "Scheduling", "HTTPCore", "MicroHTTPD",
                "TestSupport",
                .product(name: "Logging", package: "swift-log"), .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NotificationCoreTests",
            dependencies: ["ErrorCodes", "NotificationCore", "StrictJSON", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NotificationServiceTests",
            dependencies: [
                "Clocks",
                "ErrorCodes",
                "NotificationService", "NotificationCore", "Storage", "SQLiteStorage", "Scheduling", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ClocksTests",
            dependencies: ["Clocks"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ErrorCodesTests",
            dependencies: ["ErrorCodes"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SchedulingTests",
            dependencies: ["Scheduling", "Clocks", "NotificationCore", "Storage", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "StorageTests",
            dependencies: ["Storage", "NotificationCore", "WebPush", "Webhooks"],
            swiftSettings: swiftSettings
        ),
        // The contract every store keeps, run against each (SQLite; PostgreSQL when a server is given).
        .testTarget(
            name: "StoreContractTests",
            dependencies: [
                "ErrorCodes",
                "Storage", "NotificationCore", "Webhooks", "SQLiteStorage", "PostgresStorage", "TestSupport",
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // What only the SQLite store has: its file, its WAL, its migrations from earlier versions.
        .testTarget(
            name: "SQLiteStorageTests",
            dependencies: [
                "Storage", "NotificationCore", "SQLiteStorage", "TestSupport", "Webhooks", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "APITests",
            dependencies: ["InProcessHarness", "TestSupport", "UserNotifyServer"],
            swiftSettings: swiftSettings
        ),
        // The framework's flows end to end through the generated client, over AsyncHTTPClient.
        .testTarget(
            name: "ClientTests",
            dependencies: [
                .product(name: "UserNotifyClient", package: "usernotify-swift"), "TestSupport",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "MicroHTTPDTests",
            dependencies: [
                "ErrorCodes",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                "HTTPCore", "MicroHTTPD", "TestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "UserNotifyServerTests",
            dependencies: [
                "UserNotifyServer", "API", "Clocks", "HTTPCore", "InProcessHarness", "MicroHTTPD", "NotificationCore", "Outbox",
                "SQLiteStorage", "Storage", "TestSupport", "WebPush", "Webhooks",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Logging", package: "swift-log"), .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
