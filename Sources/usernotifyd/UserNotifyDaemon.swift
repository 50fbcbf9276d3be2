import Foundation
import Logging
import MicroHTTPD
import UserNotifyServer

@main
enum UserNotifyDaemon {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // The container's health check: asks the running server, then exits (it starts nothing itself).
        if arguments.first == "healthcheck" {
            exit(HealthCheck.run(arguments: Array(arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
        }
        // libmicrohttpd's thread must not take SIGTERM/SIGINT: block them here, before any thread starts,
        // so every thread inherits the mask and the service group's signal source receives them.
        SignalMask.blockShutdownSignals()
        let configuration: ServerConfiguration
        do {
            configuration = try ServerConfiguration.parse(
                arguments: arguments,
                environment: ProcessInfo.processInfo.environment
            )
        } catch ConfigurationError.helpRequested {
            print(ServerConfiguration.usage, terminator: "")
            exit(0)
        } catch ConfigurationError.versionRequested {
            print("usernotifyd \(BuildInfo.version)")
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("usernotifyd: \(error)\n".utf8))
            exit(64)
        }
        let level = configuration.logLevel
        LoggingSystem.bootstrap { JSONLogHandler(label: $0, level: level) }
        let logger = Logger(label: "usernotifyd")
        do {
            try await UserNotifyApplication(configuration: configuration, logger: logger, metrics: .bootstrap()).run()
        } catch {
            logger.critical("usernotifyd stopped on an error", metadata: ["error": .string("\(error)")])
            // Also in plain words for whoever started it (a second process on a data directory in use).
            FileHandle.standardError.write(Data("usernotifyd: \(error)\n".utf8))
            exit(1)
        }
    }
}
