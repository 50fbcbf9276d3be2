import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP proxy on loopback in front of a server on loopback, for tests of what a client does when the
/// server stops answering part of what it is sent. Every connection is passed through both ways, but a
/// client's send containing `withheld` is kept from the server (`times` of them, then they pass), so the
/// server never answers it and the client waits for an answer that never comes; or, frozen, nothing passes
/// at all. Blocking sockets, each
/// on a thread of its own: nothing of the cooperative pool is held.
package final class LoopbackProxy: Sendable {
    /// The port clients connect to.
    package let port: Int
    private let listener: Int32
    private let target: Int
    private let withheld: [UInt8]
    private let state: Mutex<State>

    private struct State {
        /// How many more sends containing `withheld` are kept from the server.
        var toWithhold: Int
        /// Sends containing `withheld` seen so far, kept or passed.
        var seen = 0
        var sockets: [Int32] = []
        var stopped = false
        /// Nothing passes either way any more (`freeze()`).
        var frozen = false
        /// A client's send containing this passes, and then the proxy is frozen (`freeze(afterPassing:)`).
        var freezeAfter: [UInt8]?
        /// Connections accepted while frozen, connected to nothing.
        var held: [Int32] = []
    }

    package init(to target: Int, withholding text: String, times: Int) throws {
        self.target = target
        withheld = Array(text.utf8)
        state = Mutex(State(toWithhold: times))
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw LoopbackConnection.Failure("socket() failed") }
        var address = loopbackAddress(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && Glibc.listen(listener, 16) == 0 && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(listener)
            throw LoopbackConnection.Failure("the proxy could not listen: errno \(errno)")
        }
        self.listener = listener
        port = Int(UInt16(bigEndian: address.sin_port))
        do {
            try startThread { [self] in acceptConnections() }
        } catch {
            Glibc.close(listener)
            throw error
        }
    }

    /// A proxy that passes everything until it is frozen.
    package convenience init(to target: Int) throws { try self.init(to: target, withholding: "", times: 0) }

    /// `url` (the server's) reached through the proxy: its port made the proxy's.
    package func url(inFrontOf url: URL) -> URL {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.port = port
        return components.url!
    }

    /// How many of the clients' sends contained the withheld text, kept from the server or not.
    package var seen: Int { state.withLock { $0.seen } }

    /// From now on nothing passes, either way, on any connection (new ones are still accepted), not even a
    /// close: the server stops answering without closing anything, and never hears of a client that closes,
    /// as behind a network partition or on a frozen host. Nothing is read any more either, so what either
    /// end sends fills the sockets' buffers and then waits, unacknowledged, as it does there.
    package func freeze() { state.withLock { $0.frozen = true } }

    /// Freezes the proxy as soon as a client's send containing `text` has passed to the server: frozen
    /// before the server can answer it, so that the server runs what it was sent and its answer never
    /// comes back, whatever the machine's load. `frozen` says when it happened.
    package func freeze(afterPassing text: String) { state.withLock { $0.freezeAfter = Array(text.utf8) } }

    /// Whether nothing passes any more.
    package var frozen: Bool { state.withLock { $0.frozen } }

    /// Stops accepting and ends every connection passed through; once (a descriptor closed since may have
    /// been reused by the time of a second call).
    package func stop() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            // Under the lock: a connection's sockets are closed only after they leave `sockets` under it.
            for socket in state.sockets + [listener] { shutdown(socket, Int32(SHUT_RDWR)) }
            for socket in state.held { Glibc.close(socket) }
            state.held = []
        }
    }

    private func acceptConnections() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                Glibc.close(listener)
                return
            }
            // Frozen, a new connection reaches nothing behind the proxy (as behind a partition): it is held
            // open, and no connection is made to the server, whose connection slots it would take.
            let held = state.withLock { state in
                guard state.frozen, !state.stopped else { return false }
                state.held.append(client)
                return true
            }
            if held { continue }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = loopbackAddress(port: target)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            // As the client and the server themselves do: without it, a small answer written while the last
            // one is not yet acknowledged waits for the delayed ACK (40 ms a round trip).
            var on: Int32 = 1
            for socket in [client, server] { setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size)) }
            let kept = state.withLock { state in
                guard !state.stopped, connected else { return false }
                state.sockets += [client, server]
                return true
            }
            guard kept else {
                Glibc.close(client)
                Glibc.close(server)
                continue
            }
            let pumping = Pumping()
            // The second direction to end closes both sockets.
            let ended: @Sendable () -> Void = { [self] in
                guard pumping.ended() else { return }
                state.withLock { $0.sockets.removeAll { $0 == client || $0 == server } }
                Glibc.close(client)
                Glibc.close(server)
            }
            for (from, to, inspect) in [(client, server, true), (server, client, false)] {
                do {
                    try startThread { [self] in
                        pump(from: from, to: to, inspect: inspect)
                        ended()
                    }
                } catch {
                    // A direction that cannot be pumped ends the connection.
                    shutdown(from, Int32(SHUT_RDWR))
                    ended()
                }
            }
        }
    }

    /// The directions of a connection still passing bytes.
    private final class Pumping: Sendable {
        private let count = Atomic(2)
        /// One direction ended; whether it was the last.
        func ended() -> Bool { count.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 }
    }

    /// Waits, reading nothing, until the proxy stops.
    private func parkWhileFrozen() {
        while !state.withLock({ $0.stopped }) { usleep(20_000) }
    }

    /// Copies what `from` sends to `to` until either end closes, then ends both directions.
    private func pump(from: Int32, to: Int32, inspect: Bool) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        pumping: while true {
            if state.withLock({ $0.frozen }) {
                parkWhileFrozen()
                return
            }
            let count = buffer.withUnsafeMutableBytes { recv(from, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                // Frozen, the other end does not hear of the close: its side stays open until it closes it
                // itself, or the proxy stops.
                if state.withLock({ $0.frozen }) { return }
                break
            }
            let chunk = buffer[0..<count]
            // The send that freezes the proxy still passes: frozen first, so that no answer to it does.
            let passes = state.withLock { state in
                guard !state.frozen else { return false }
                if inspect, let text = state.freezeAfter, chunk.contains(text) { state.frozen = true }
                return true
            }
            if !passes { continue }
            if inspect && chunk.contains(withheld) {
                let withhold = state.withLock { state in
                    state.seen += 1
                    guard state.toWithhold > 0 else { return false }
                    state.toWithhold -= 1
                    return true
                }
                if withhold { continue }
            }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { send(to, $0.baseAddress! + offset, count - offset, Int32(MSG_NOSIGNAL)) }
                guard written > 0 else { break pumping }
                offset += written
            }
        }
        shutdown(from, Int32(SHUT_RDWR))
        shutdown(to, Int32(SHUT_RDWR))
    }
}
