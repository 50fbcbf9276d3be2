import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `usernotifyd healthcheck`: asks the server on this machine for `/healthz` and exits 0 when it answers
/// 200, 1 otherwise — the container image's `HEALTHCHECK`, which then needs no curl. It follows the
/// server's own settings: `USERNOTIFYD_PORT` (8080) and `USERNOTIFYD_HOST` (an address that listens on
/// every interface is asked through loopback), or `--port N`.
package enum HealthCheck {
    /// Runs the check; the process's exit code.
    package static func run(arguments: [String], environment: [String: String]) -> Int32 {
        var port = environment["USERNOTIFYD_PORT"].flatMap(Int.init) ?? 8080
        if let index = arguments.firstIndex(of: "--port"), index + 1 < arguments.count, let given = Int(arguments[index + 1]) {
            port = given
        }
        let host =
            switch environment["USERNOTIFYD_HOST"] ?? "127.0.0.1" {
            case "", "0.0.0.0": "127.0.0.1"
            case "::", "[::]": "::1"
            case let host: host
            }
        guard (1...65535).contains(port) else {
            FileHandle.standardError.write(Data("usernotifyd healthcheck: no port to ask (USERNOTIFYD_PORT or --port)\n".utf8))
            return 1
        }
        let status = self.status(host: host, port: port)
        guard status == 200 else {
            FileHandle.standardError.write(
                Data("usernotifyd healthcheck: \(host):\(port)/healthz answered \(status.map(String.init) ?? "nothing")\n".utf8))
            return 1
        }
        return 0
    }

    /// The status code of `GET /healthz` at `host`:`port`, or nil when nothing answered within 3 s.
    static func status(host: String, port: Int) -> Int? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let address = found else { return nil }
        defer { freeaddrinfo(found) }
        let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else { return nil }
        let request = Array("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count else {
            return nil
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        // The status line is all that is needed: "HTTP/1.1 200 OK".
        while !response.contains(0x0A) {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            response += buffer[..<count]
        }
        let line = String(decoding: response.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
        let parts = line.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/") else { return nil }
        return Int(parts[1])
    }
}
