import NotificationService

extension NotificationCenterService.Configuration: ConfigurableComponent {
    package static let settings: [Setting<NotificationCenterService.Configuration>] = [
        Setting("pending-limit", help: "pending requests per center; adding more is refused", default: { .value(String($0.pendingLimit)) })
        {
            config, value throws(ConfigurationError) in
            config.pendingLimit = try SettingValue.integer(value, "pending-limit", in: 1...1_000_000)
        },
        Setting(
            "extension-concurrency",
            help: "calls to one app's service extension and willPresent that one process makes at once; that app's others wait their turn",
            default: { .value(String($0.extensionConcurrency)) }
        ) { config, value throws(ConfigurationError) in
            config.extensionConcurrency = try SettingValue.integer(value, "extension-concurrency", in: 1...10_000)
        },
    ]
}
