import Configuration
import Foundation

extension ServerConfiguration {
    /// The settings from the flags (`--name value` or `--name=value`), else the environment, else the
    /// defaults, read through swift-configuration: the flags as an in-memory provider, the environment with
    /// `EnvironmentVariablesProvider` under the `USERNOTIFYD_` prefix, secrets marked so that access reports
    /// redact them. Each component reads its own settings from the one reader.
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
                secretsSpecifier: .specific(Set(settings.filter(\.isSecret).map(\.environmentName)))
            ).prefixKeys(with: "usernotifyd"),
        ])
        var configuration = ServerConfiguration()
        for group in groups { try group.read(reader, &configuration) }
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
            guard let setting = settings.first(where: { $0.flag == flag }) else {
                throw ConfigurationError("unknown argument '\(argument)'; see --help")
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if let bare = setting.bareValue, index == arguments.count || arguments[index].hasPrefix("--") {
                value = bare
            } else {
                guard index < arguments.count else { throw ConfigurationError("\(flag) needs a value") }
                value = arguments[index]
                index += 1
            }
            values[AbsoluteConfigKey([setting.name])] = ConfigValue(.string(value), isSecret: setting.isSecret)
        }
        return values
    }

    /// The environment with each `USERNOTIFYD_…_FILE` replaced by the variable it names, set to the file's
    /// content without its last line break: how Docker and Kubernetes hand secrets to a process.
    private static func readingFiles(_ environment: [String: String]) throws(ConfigurationError) -> [String: String] {
        var resolved = environment
        for setting in settings {
            let fileVariable = setting.environmentName + "_FILE"
            guard let path = environment[fileVariable] else { continue }
            guard environment[setting.environmentName] == nil else {
                throw ConfigurationError("set \(setting.environmentName) or \(fileVariable), not both")
            }
            guard let data = FileManager.default.contents(atPath: path), var text = String(data: data, encoding: .utf8) else {
                throw ConfigurationError("\(fileVariable): cannot read '\(path)' as UTF-8 text")
            }
            if text.hasSuffix("\n") { text.removeLast() }
            resolved[setting.environmentName] = text
        }
        return resolved
    }

    private static func splitFlag(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The text `--help` prints.
    package static var usage: String {
        var text = """
            usage: usernotifyd [options]
                   usernotifyd healthcheck [--port N]   ask the server here for /healthz (exit 0 when healthy)
                   usernotifyd migrate [options]        migrate the database to this version's schema, then exit
                   usernotifyd backup DIRECTORY [options]
                                                        copy the SQLite database (online) and its media to DIRECTORY
                   usernotifyd compact [options]        rewrite the SQLite database (server stopped): this version's
                                                        page size, no free pages
                   usernotifyd --version

            Every option can also be set in the environment (flags win), or as a file that holds the value:
            USERNOTIFYD_ADMIN_TOKEN_FILE=/run/secrets/admin-token instead of USERNOTIFYD_ADMIN_TOKEN.


            """
        let defaults = ServerConfiguration()
        for setting in settings {
            let left = "\(setting.flag) VALUE"
            let indent = String(repeating: " ", count: 28)
            text += left.count < 27 ? "  \(left.padding(toLength: 28, withPad: " ", startingAt: 0))" : "  \(left)\n  \(indent)"
            text += "\(setting.help) (default: \(setting.defaultShown(in: defaults).text))\n  \(indent)env \(setting.environmentName)\n"
        }
        return text
    }

    /// `details` after a setting's help: a parenthesis after a space, a clause (`,`, `;`) as it is, a sentence
    /// after a full stop.
    private static func joined(_ details: String) -> String {
        switch details.first {
        case "(": " " + details
        case ",", ";": details
        default: ". " + details
        }
    }

    /// docs/operations.md's table of the settings, made from them (a test keeps the document equal to it).
    package static var settingsTable: String {
        let defaults = ServerConfiguration()
        var table = "| flag | environment | default | meaning |\n|---|---|---|---|\n"
        for setting in settings {
            table += "| `\(setting.flag)` | `\(setting.environmentName)` | \(setting.defaultShown(in: defaults).markdown) | "
            table += setting.help + (setting.details.map(Self.joined) ?? "") + " |\n"
        }
        return table
    }
}
