import Foundation
import RelayService

extension DeviceRelayService.Configuration: ConfigurableComponent {
    /// Where relays to phones go: the providers' origins, for regional endpoints, proxies and stand-ins.
    package static let settings: [Setting<DeviceRelayService.Configuration>] = [
        Setting(
            "apns-production-url", help: "where relays to iOS devices of production builds go (an https origin speaking HTTP/2)",
            default: { .value($0.apnsProductionURL) }
        ) { config, value throws(ConfigurationError) in
            config.apnsProductionURL = try SettingValue.httpsOrigin(value, "apns-production-url")
        },
        Setting(
            "apns-sandbox-url", help: "where relays to iOS devices of development builds go (an https origin speaking HTTP/2)",
            default: { .value($0.apnsSandboxURL) }
        ) { config, value throws(ConfigurationError) in
            config.apnsSandboxURL = try SettingValue.httpsOrigin(value, "apns-sandbox-url")
        },
        Setting("fcm-url", help: "where relays to FCM (HTTP v1) go (an https origin)", default: { .value($0.fcmURL) }) {
            config, value throws(ConfigurationError) in
            config.fcmURL = try SettingValue.httpsOrigin(value, "fcm-url")
        },
        Setting(
            "google-token-url", help: "where FCM service accounts trade their signed assertion for an access token",
            details: "(an uploaded file's `token_uri` is never used)", default: { .value($0.googleTokenURL) }
        ) { config, value throws(ConfigurationError) in
            guard let url = URL(string: value), url.scheme == "https", url.host != nil else {
                throw ConfigurationError("--google-token-url must be an https URL; got '\(value)'")
            }
            config.googleTokenURL = value
        },
    ]
}
