import MicroHTTPD

extension HTTPServerConfiguration: ConfigurableComponent {
    package static let settings: [Setting<HTTPServerConfiguration>] = [
        Setting("host", help: "address to listen on (IPv4, IPv6 or a name)", default: { .value($0.host) }) { $0.host = $1 },
        Setting("port", help: "TCP port; 0 picks a free one and logs it", default: { .value(String($0.port)) }) {
            config, value throws(ConfigurationError) in
            config.port = try SettingValue.integer(value, "port", in: 0...65535)
        },
        Setting("max-body-bytes", help: "larger request bodies get 413, unread", default: { .value(String($0.maxBodyBytes)) }) {
            config, value throws(ConfigurationError) in
            config.maxBodyBytes = try SettingValue.integer(value, "max-body-bytes", in: 1...(1 << 30))
        },
        Setting(
            "connection-limit", help: "open connections at most; more wait in the backlog", default: { .value(String($0.connectionLimit)) }
        ) { config, value throws(ConfigurationError) in
            config.connectionLimit = try SettingValue.integer(value, "connection-limit", in: 1...100_000)
        },
        Setting(
            "idle-timeout", help: "seconds a silent connection stays open", default: { .value(String($0.idleTimeout.components.seconds)) }
        ) { config, value throws(ConfigurationError) in
            config.idleTimeout = .seconds(try SettingValue.integer(value, "idle-timeout", in: 1...86_400))
        },
        Setting(
            "request-timeout", help: "seconds a client has to send a whole request (cuts off slowloris clients)",
            default: { .value(String($0.requestReadTimeout.components.seconds)) }
        ) { config, value throws(ConfigurationError) in
            config.requestReadTimeout = .seconds(try SettingValue.integer(value, "request-timeout", in: 1...86_400))
        },
        // The default depends on the machine: its cores, at most 4.
        Setting("http-threads", help: "libmicrohttpd polling threads", default: { _ in .words("cores, at most 4") }) {
            config, value throws(ConfigurationError) in
            config.threads = try SettingValue.integer(value, "http-threads", in: 1...64)
        },
        Setting(
            "heartbeat-interval", help: "seconds between keep-alive comments on event streams",
            default: { .value(String($0.heartbeatInterval.components.seconds)) }
        ) { config, value throws(ConfigurationError) in
            config.heartbeatInterval = .seconds(try SettingValue.integer(value, "heartbeat-interval", in: 1...3_600))
        },
    ]
}
