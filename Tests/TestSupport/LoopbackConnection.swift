import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A raw TCP connection to a server on loopback, for tests that need control over every byte:
/// keep-alive, malformed requests, slow clients, streams. Every call may block, so tests call it
/// through the async wrappers, which run it on a thread of its own.
package final class LoopbackConnection: @unchecked Sendable {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        /// The peer had closed the connection (EPIPE, ECONNRESET) when sending.
        package var connectionClosed = false
        /// Nothing arrived within the read time-out (EAGAIN): the peer neither answered nor closed.
        package var timedOut = false
        package init(_ description: String) { self.description = description }
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Set by `close()`, which has closed the descriptor already.
    private let closed = Atomic<Bool>(false)

    /// Connects to 127.0.0.1:`port`; reads time out after `timeout` seconds.
    package init(port: Int, timeout: Int = 60) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure("socket() failed") }
        var address = loopbackAddress(port: port)
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            Glibc.close(descriptor)
            throw Failure("connect to port \(port) failed: errno \(errno)")
        }
    }

    deinit { if !closed.load(ordering: .acquiring) { Glibc.close(descriptor) } }

    /// Connects on a thread of its own.
    package static func open(port: Int, timeout: Int = 60) async throws -> LoopbackConnection {
        try await onOwnThread { try LoopbackConnection(port: port, timeout: timeout) }
    }

    // MARK: async API

    package func send(_ text: String) async throws { try await send(Array(text.utf8)) }

    package func send(_ bytes: [UInt8]) async throws {
        try await onOwnThread { try self.sendNow(bytes) }
    }

    /// Reads one HTTP/1.1 response (Content-Length, chunked, or until close).
    package func readResponse() async throws -> LoopbackResponse {
        try await onOwnThread { try self.readResponseNow() }
    }

    /// Sends a request and reads its response on this connection, in one call on a thread of its own: a
    /// test task that waits for a thread between the two (tens of seconds on a loaded machine) must not
    /// leave the server waiting for the rest of a request past its read time-out.
    package func request(
        _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []
    ) async throws -> LoopbackResponse {
        try await onOwnThread { try self.requestNow(method, path, headers: headers, body: body) }
    }

    fileprivate func requestNow(_ method: String, _ path: String, headers: [String: String], body: [UInt8]) throws -> LoopbackResponse {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        do {
            try sendNow(Array(head.utf8) + body)
        } catch let failure as Failure where failure.connectionClosed {
            // The server may answer before the whole body is sent (a 413 from the head) and close: what
            // it said is still there to read.
        }
        return try readResponseNow()
    }

    /// Reads the response head of a streaming response, then returns; read the body with `readLine()`.
    package func readHead() async throws -> LoopbackResponse {
        try await onOwnThread { try self.readHeadNow() }
    }

    /// Reads the next decoded line of a chunked body (without its newline); nil at the end of the body.
    package func readChunkedLine() async throws -> String? {
        try await onOwnThread { try self.readChunkedLineNow() }
    }

    /// True once the server has closed the connection (a read returns end of file or reset).
    package func waitForClose() async throws -> Bool {
        try await onOwnThread {
            var byte: UInt8 = 0
            while true {
                let count = recv(self.descriptor, &byte, 1, 0)
                if count == 0 { return true }
                if count < 0 && errno != EINTR { return errno == ECONNRESET }
            }
        }
    }

    /// Closes the connection abruptly, as a client that vanishes does: the socket is closed with a zero
    /// linger, so the server's next read or write finds it reset and nothing more is acknowledged (a mere
    /// `shutdown` left the socket acknowledging what the server sent). Use nothing of it afterwards.
    package func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        Glibc.close(descriptor)
    }

    // MARK: blocking implementation

    private func sendNow(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                var failure = Failure("send failed: errno \(errno)")
                failure.connectionClosed = errno == EPIPE || errno == ECONNRESET
                throw failure
            }
            offset += written
        }
    }

    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16384)
        var count: Int
        // A socket with a receive time-out is not restarted after a signal (or a debugger attaching: the
        // watchdog's gdb) interrupts it: it is read again.
        repeat { count = recv(descriptor, &chunk, chunk.count, 0) } while count < 0 && errno == EINTR
        if count > 0 {
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }
        if count == 0 || errno == ECONNRESET { return false }
        var failure = Failure("recv failed: errno \(errno)")
        failure.timedOut = errno == EAGAIN || errno == EWOULDBLOCK
        throw failure
    }

    private func readLineNow() throws -> String? {
        while true {
            if let index = buffer.firstIndex(of: 0x0A) {
                var line = Array(buffer[..<index])
                buffer.removeFirst(index + 1)
                if line.last == 0x0D { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            guard try fill() else { return nil }
        }
    }

    private func readExactly(_ count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() else { throw Failure("connection closed with \(count - buffer.count) body bytes missing") }
        }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }

    private func readHeadNow() throws -> LoopbackResponse {
        guard let statusLine = try readLineNow() else { throw Failure("connection closed before a response") }
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure("bad status line '\(statusLine)'") }
        var headers: [(String, String)] = []
        while let line = try readLineNow(), !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return LoopbackResponse(status: status, headers: headers, body: [])
    }

    private func readResponseNow() throws -> LoopbackResponse {
        var response = try readHeadNow()
        if response.status == 204 || response.status == 304 || (100..<200).contains(response.status) {
            return response
        }
        if let length = response.header("Content-Length").flatMap(Int.init) {
            response.body = try readExactly(length)
        } else if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            while let sizeLine = try readLineNow(), let size = Int(sizeLine, radix: 16) {
                if size == 0 {
                    _ = try readLineNow()
                    break
                }
                response.body += try readExactly(size)
                _ = try readLineNow()
            }
        } else {
            while try fill() {}
            response.body = buffer
            buffer = []
        }
        return response
    }

    private var chunkRemaining = 0
    private var chunkText: [UInt8] = []

    private func readChunkedLineNow() throws -> String? {
        while true {
            if let index = chunkText.firstIndex(of: 0x0A) {
                let line = Array(chunkText[..<index])
                chunkText.removeFirst(index + 1)
                return String(decoding: line, as: UTF8.self)
            }
            if chunkRemaining == 0 {
                guard let sizeLine = try readLineNow(), let size = Int(sizeLine, radix: 16) else { return nil }
                if size == 0 { return nil }
                chunkRemaining = size
            }
            let take = min(chunkRemaining, max(1, buffer.count))
            let bytes = try readExactly(take)
            chunkText += bytes
            chunkRemaining -= take
            if chunkRemaining == 0 { _ = try readLineNow() }
        }
    }
}

/// A response as read off the wire.
package struct LoopbackResponse: Sendable {
    package var status: Int
    package var headers: [(String, String)]
    package var body: [UInt8]

    package init(status: Int, headers: [(String, String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    package var text: String { String(decoding: body, as: UTF8.self) }

    /// The body decoded as a JSON object.
    package var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }
}

/// One request on a fresh connection.
package func loopbackRequest(
    port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = [], timeout: Int = 60
) async throws -> LoopbackResponse {
    // Connected, sent and read in one call on a thread of its own (see `request`).
    try await onOwnThread {
        try LoopbackConnection(port: port, timeout: timeout).requestNow(method, path, headers: headers, body: body)
    }
}

/// 127.0.0.1:`port` as the socket calls take it (0: any free port, for a listener).
func loopbackAddress(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
}
