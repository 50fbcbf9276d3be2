import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import TestSupport
import UserNotifyClient

/// The real `usernotifyd` on a free loopback port with the virtual clock, and the generated client for each
/// principal: the same `Client` type, each with its own bearer credential.
final class ClientServer: Sendable {
    static let adminToken = "client-admin-token"
    let process: ServerProcess
    let url: URL

    init(arguments: [String] = []) async throws {
        let data = TestDirectories.unique("client")
        // Read and idle time-outs longer than a loaded machine may take between a connection's opening and
        // its request (as APIServer's: CI once saw two first calls closed unanswered).
        process = try ServerProcess(
            product: "usernotifyd",
            arguments: [
                "--port", "0", "--data-dir", data, "--admin-token", Self.adminToken, "--virtual-clock", "1", "--request-timeout", "600",
                "--idle-timeout", "600",
            ] + arguments
        )
        url = URL(string: "http://127.0.0.1:\(try await process.waitForPort())")!
        guard try await process.waitForLine(containing: "storage ready") != nil else {
            throw LoopbackConnection.Failure("the server ended before its storage was ready; output: \(process.outputSoFar)")
        }
    }

    func client(token: String) -> Client {
        Client(
            serverURL: url,
            configuration: .usernotifyd,
            transport: AsyncHTTPClientTransport(configuration: .init(client: .shared, timeout: TimeAmount.seconds(30))),
            middlewares: [BearerTokenMiddleware(token: token)]
        )
    }

    var operatorClient: Client { client(token: Self.adminToken) }

    func stop() async throws {
        process.signal(SIGTERM)
        _ = try await process.waitForExit()
    }
}
