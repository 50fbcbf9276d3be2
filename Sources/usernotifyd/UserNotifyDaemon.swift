import Foundation
import Logging
import MicroHTTPD
import UserNotifyServer

@main
enum UserNotifyDaemon {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch arguments.first {
        case "healthcheck":
            // The container's health check: asks the running server, then exits (it starts nothing itself).
            exit(HealthCheck.run(arguments: Array(arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
        case "migrate":
            let application = application(Array(arguments.dropFirst()))
            await finish("migrate") {
                let database = try await application.migrate()
                application.logger.notice("the database's schema is this version's", metadata: ["storage.database": .string(database)])
            }
        case "backup":
            guard let directory = arguments.dropFirst().first, !directory.hasPrefix("-") else {
                fail("usage: usernotifyd backup DIRECTORY [options]; see --help", code: 64)
            }
            let application = application(Array(arguments.dropFirst(2)))
            await finish("backup") { try printJSON(application.backup(to: directory)) }
        case "compact":
            let application = application(Array(arguments.dropFirst()))
            await finish("compact") { try printJSON(application.compact()) }
        default:
            // libmicrohttpd's thread must not take SIGTERM/SIGINT: block them here, before any thread starts,
            // so every thread inherits the mask and the service group's signal source receives them.
            SignalMask.blockShutdownSignals()
            let application = application(arguments)
            await finish(nil) { try await application.run() }
        }
    }

    /// The application the arguments and the environment configure, its logging set up; exits on `--help`,
    /// `--version` and a bad setting (64).
    private static func application(_ arguments: [String]) -> UserNotifyApplication {
        let configuration: ServerConfiguration
        do {
            configuration = try ServerConfiguration.parse(arguments: arguments, environment: ProcessInfo.processInfo.environment)
        } catch ConfigurationError.helpRequested {
            print(ServerConfiguration.usage, terminator: "")
            exit(0)
        } catch ConfigurationError.versionRequested {
            print("usernotifyd \(BuildInfo.version)")
            exit(0)
        } catch {
            fail("usernotifyd: \(error)", code: 64)
        }
        let level = configuration.logLevel
        LoggingSystem.bootstrap { JSONLogHandler(label: $0, level: level) }
        return UserNotifyApplication(configuration: configuration, logger: Logger(label: "usernotifyd"), metrics: .bootstrap())
    }

    /// Runs `work`, then exits 0; on an error logs it, says it in plain words for whoever started the
    /// command (a second process on a data directory in use), and exits 1.
    private static func finish(_ command: String?, _ work: @Sendable () async throws -> Void) async {
        do {
            try await work()
            exit(0)
        } catch {
            let name = "usernotifyd" + (command.map { " " + $0 } ?? "")
            Logger(label: "usernotifyd").critical("\(name) stopped on an error", metadata: ["error": .string("\(error)")])
            fail("\(name): \(error)", code: 1)
        }
    }

    /// A command's report, as one line of JSON on the standard output.
    private static func printJSON(_ report: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
    }

    private static func fail(_ message: String, code: Int32) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(code)
    }
}
