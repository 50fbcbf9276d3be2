import Outbox

extension OutboxDispatcher.Configuration: ConfigurableComponent {
    package static let settings: [Setting<OutboxDispatcher.Configuration>] = [
        Setting(
            "outbox-attempt-timeout",
            help: "seconds one delivery attempt (a webhook, a push, a relay) may take before it counts as failed and is retried",
            default: { .value(String($0.attemptTimeout.components.seconds)) }
        ) { config, value throws(ConfigurationError) in
            let seconds = try SettingValue.integer(value, "outbox-attempt-timeout", in: 1...600)
            config.attemptTimeout = .seconds(seconds)
            // A claim outlasts its attempt.
            config.lease = max(config.lease, Double(seconds) + 15)
        },
        Setting(
            "webhook-disable-after", help: "an endpoint whose every attempt failed this long is disabled",
            default: { .value(SettingValue.durationText($0.disableAfter)) }
        ) { config, value throws(ConfigurationError) in
            config.disableAfter = try SettingValue.duration(value, "webhook-disable-after")
        },
    ]
}
