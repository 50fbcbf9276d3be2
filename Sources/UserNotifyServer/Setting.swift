import Configuration
import Foundation

/// How a default is shown: a value (`8080`), or words for a default that is not one (`none`).
package enum SettingDefault: Sendable, Equatable {
    case value(String)
    case words(String)

    /// As `--help` shows it.
    var text: String {
        switch self {
        case .value(let text), .words(let text): text
        }
    }

    /// As the operations table shows it.
    var markdown: String {
        switch self {
        case .value(let text): "`\(text)`"
        case .words(let text): text
        }
    }
}

/// One setting of a component: the flag `--name` and the variable `USERNOTIFYD_NAME`, what it means, its
/// default — read from the component's own default value, so that a default is written once — and how a
/// value applies. `--help` and docs/operations.md's table are made from the same settings.
package struct Setting<Component>: Sendable {
    package let name: String
    /// What it means, in a line of plain text (`--help`).
    package let help: String
    /// More for the operations table (Markdown: links, examples), after `help`.
    package var details: String?
    /// Redacted wherever swift-configuration reports the value.
    package var isSecret = false
    /// The value a bare flag means (`--virtual-clock` alone is `1`); nil: a flag needs a value.
    package var bareValue: String?
    let defaultValue: @Sendable (Component) -> SettingDefault
    let apply: @Sendable (inout Component, String) throws(ConfigurationError) -> Void

    package init(
        _ name: String, help: String, details: String? = nil, isSecret: Bool = false, bareValue: String? = nil,
        default defaultValue: @escaping @Sendable (Component) -> SettingDefault,
        apply: @escaping @Sendable (inout Component, String) throws(ConfigurationError) -> Void
    ) {
        self.name = name
        self.help = help
        self.details = details
        self.isSecret = isSecret
        self.bareValue = bareValue
        self.defaultValue = defaultValue
        self.apply = apply
    }

    package var flag: String { "--\(name)" }
    package var environmentName: String { "USERNOTIFYD_" + name.uppercased().replacingOccurrences(of: "-", with: "_") }

    /// Applies the value `reader` has for this setting, if any.
    func read(from reader: ConfigReader, into component: inout Component) throws(ConfigurationError) {
        guard let value = reader.string(forKey: ConfigKey(name), isSecret: isSecret) else { return }
        try apply(&component, value)
    }

    /// The same setting of the component at `path` of a larger configuration.
    func lifted<Whole>(_ path: any WritableKeyPath<Whole, Component> & Sendable) -> Setting<Whole> {
        let (defaultValue, apply) = (self.defaultValue, self.apply)
        return Setting<Whole>(
            name, help: help, details: details, isSecret: isSecret, bareValue: bareValue, default: { defaultValue($0[keyPath: path]) }
        ) { whole, value throws(ConfigurationError) in
            try apply(&whole[keyPath: path], value)
        }
    }

    /// Its default in `defaults`.
    package func defaultShown(in defaults: Component) -> SettingDefault { defaultValue(defaults) }
}

/// A component that reads its own settings.
package protocol ConfigurableComponent: Sendable {
    init()
    /// Every setting of the component, in the order `--help` lists them.
    static var settings: [Setting<Self>] { get }
}

extension ConfigurableComponent {
    /// The component with the defaults, and what `reader` sets.
    package init(reader: ConfigReader) throws(ConfigurationError) {
        self.init()
        for setting in Self.settings { try setting.read(from: reader, into: &self) }
    }
}

/// Settings of the server's configuration and who reads them: a component (its `init(reader:)`), or the
/// server itself, one setting after the other.
struct SettingGroup: Sendable {
    let settings: [Setting<ServerConfiguration>]
    let read: @Sendable (ConfigReader, inout ServerConfiguration) throws(ConfigurationError) -> Void

    /// The settings of the component at `path`, which reads them itself.
    static func component<Component: ConfigurableComponent>(
        _ path: any WritableKeyPath<ServerConfiguration, Component> & Sendable
    ) -> SettingGroup {
        SettingGroup(settings: Component.settings.map { $0.lifted(path) }) { reader, configuration throws(ConfigurationError) in
            configuration[keyPath: path] = try Component(reader: reader)
        }
    }

    /// The server's own settings, which no component reads.
    static func own(_ settings: [Setting<ServerConfiguration>]) -> SettingGroup {
        SettingGroup(settings: settings) { reader, configuration throws(ConfigurationError) in
            for setting in settings { try setting.read(from: reader, into: &configuration) }
        }
    }
}
