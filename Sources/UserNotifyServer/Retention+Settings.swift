import Storage

extension Retention: ConfigurableComponent {
    package static let settings: [Setting<Retention>] =
        RetainedKind.allCases.map { kind in
            Setting(
                name(kind), help: "how long \(describe(kind)) are kept: 90s, 30m, 12h or 7d",
                details: "(see [Retention](#retention))", default: { .value(SettingValue.durationText($0.seconds[kind] ?? 0)) }
            ) { retention, value throws(ConfigurationError) in
                retention.seconds[kind] = try SettingValue.duration(value, name(kind))
            }
        } + [
            Setting(
                "retain-staged-uploads", help: "how long uploads never attached are kept: 90s, 30m, 12h or 7d",
                default: { .value(SettingValue.durationText($0.stagedUploads)) }
            ) { retention, value throws(ConfigurationError) in
                retention.stagedUploads = try SettingValue.duration(value, "retain-staged-uploads")
            }
        ]

    /// What a kind is.
    private static func describe(_ kind: RetainedKind) -> String {
        switch kind {
        case .finishedMessages: "delivered and aborted outbox messages"
        case .failedMessages: "outbox messages out of attempts"
        case .retiredPushTokens: "retired push tokens"
        case .events: "the users' events"
        case .receipts: "notifications' receipts"
        case .broadcasts: "broadcasts that ended"
        }
    }

    /// The flag (and variable) that sets a kind's retention.
    private static func name(_ kind: RetainedKind) -> String {
        switch kind {
        case .finishedMessages: "retain-finished-messages"
        case .failedMessages: "retain-failed-messages"
        case .retiredPushTokens: "retain-retired-push-tokens"
        case .events: "retain-events"
        case .receipts: "retain-receipts"
        case .broadcasts: "retain-broadcasts"
        }
    }
}
