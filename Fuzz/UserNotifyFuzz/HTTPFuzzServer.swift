import Foundation
import HTTPCore
import HTTPTypes
import Logging
import MicroHTTPD
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// HTTP parsing through the real daemon: one `HTTPServer` (libmicrohttpd and the request dispatcher)
/// on a loopback port for the whole run; each input is sent raw on a new connection and read until the
/// server answers or closes, and then the server must still answer a plain request.
enum HTTPFuzzServer {
    static let port: Int = start()

    /// The server, started once. libFuzzer calls its entry point from C: the server runs in a task of
    /// its own for the life of the process (there is no enclosing structure to run it in).
    private static func start() -> Int {
        var router = Router()
        router.on(.get, "/ok") { _ in Response(status: .ok, contentType: "text/plain", bytes: Array("ok".utf8)) }
        router.on(.post, "/echo") { request in Response(status: .ok, contentType: "application/octet-stream", bytes: request.body) }
        router.on(.post, "/json") { request in
            struct Body: Decodable { var identifier: String }
            return Response(status: .ok, contentType: "text/plain", bytes: Array(try request.decodeJSON(Body.self).identifier.utf8))
        }
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.requestReadTimeout = .milliseconds(200)
        configuration.idleTimeout = .seconds(1)
        configuration.maxBodyBytes = 64 * 1024
        let ready = DispatchSemaphore(value: 0)
        let bound = Atomic<Int>(0)
        let server = HTTPServer(
            configuration: configuration, responder: router, logger: Logger(label: "fuzz", factory: { _ in SwiftLogNoOpLogHandler() }),
            onListening: { port in
                bound.store(port, ordering: .releasing)
                ready.signal()
            })
        Task.detached { try await server.run() }
        ready.wait()
        return bound.load(ordering: .acquiring)
    }

    /// Sends `bytes` on a fresh connection and reads until the server answers, closes, or 300 ms pass;
    /// then checks that the server still serves.
    static func exchange(_ bytes: [UInt8]) {
        _ = roundTrip(bytes)
        let check = roundTrip(Array("GET /ok HTTP/1.1\r\nHost: fuzz\r\nConnection: close\r\n\r\n".utf8))
        guard check.starts(with: Array("HTTP/1.1 200".utf8)) else {
            fatalError("the server stopped serving after \(bytes.count) bytes: \(String(decoding: check.prefix(200), as: UTF8.self))")
        }
    }

    /// What the server sent back on one connection.
    private static func roundTrip(_ bytes: [UInt8]) -> [UInt8] {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { fatalError("socket: errno \(errno)") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 0, tv_usec: 300_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { fatalError("connect: errno \(errno)") }
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        shutdown(descriptor, Int32(SHUT_WR))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            received += buffer.prefix(count)
        }
        return received
    }
}
