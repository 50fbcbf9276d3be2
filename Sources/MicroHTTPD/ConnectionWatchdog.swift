import HTTPCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Cuts off clients that take too long to send a request (slowloris), which libmicrohttpd's idle timeout
/// cannot do: that timeout restarts on every byte.
///
/// Each connection's state is stored in libmicrohttpd's `socket_context`. A connection is "reading" from
/// the moment it opens or its previous response completes until its request is fully received; a sweep
/// shuts down the socket of any connection reading for longer than the limit. `shutdown(2)`, unlike
/// `close(2)`, is safe from another thread: libmicrohttpd sees the error on its next read and closes the
/// connection itself. The sweep holds the registry lock, and libmicrohttpd reports a closed connection
/// (which removes it here) before it closes the descriptor, so a descriptor is never shut down after
/// it was reused.
///
/// It also notices a client that leaves while its request is handled: a suspended connection is out of
/// libmicrohttpd's loop, which would hear of the close only once the handler answers. For each connection
/// being handled, a sweep peeks at its socket (`MSG_PEEK`, taking nothing): end of stream means the client
/// closed it (or reset it), and the connection's `presence` says so to the handler.
final class ConnectionWatchdog: Sendable {
    /// One connection's deadline bookkeeping.
    final class Connection: Sendable {
        let descriptor: Int32
        /// Monotonic milliseconds since the connection started reading its request; 0 when not reading.
        let readingSince = Atomic<Int64>(0)
        /// A request of the connection is with a handler, from its hand-over until libmicrohttpd is done with it.
        let handling = Atomic<Bool>(false)
        /// Whether the client is still there: every request of the connection carries it.
        let presence = ClientPresence()

        init(descriptor: Int32) { self.descriptor = descriptor }

        func startReading() {
            handling.store(false, ordering: .relaxed)
            readingSince.store(ConnectionWatchdog.nowMilliseconds(), ordering: .relaxed)
        }
        func stopReading() { readingSince.store(0, ordering: .relaxed) }
        func startHandling() { handling.store(true, ordering: .relaxed) }

        /// Whether the client has closed the connection: its end of stream is next in the socket, or the
        /// socket was reset (a client that closes abruptly).
        var clientClosed: Bool {
            var byte: UInt8 = 0
            let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
            return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
        }
    }

    private let connections = Mutex<[ObjectIdentifier: Connection]>([:])
    private let limitMilliseconds: Int64

    init(requestReadTimeout: Duration) {
        let (seconds, attoseconds) = requestReadTimeout.components
        limitMilliseconds = max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }

    func opened(_ connection: Connection) {
        connection.startReading()
        connections.withLock { $0[ObjectIdentifier(connection)] = connection }
    }

    func closed(_ connection: Connection) {
        _ = connections.withLock { $0.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// Shuts down every connection that has been reading for longer than the limit (returns how many), and
    /// tells the handlers of clients that left.
    @discardableResult
    func sweep(now: Int64 = ConnectionWatchdog.nowMilliseconds()) -> Int {
        connections.withLock { connections in
            var cut = 0
            for connection in connections.values {
                if connection.handling.load(ordering: .relaxed), !connection.presence.isGone, connection.clientClosed {
                    connection.presence.leave()
                }
                let since = connection.readingSince.load(ordering: .relaxed)
                if since != 0, now - since > limitMilliseconds {
                    connection.stopReading()
                    shutdown(connection.descriptor, Int32(SHUT_RDWR))
                    cut += 1
                }
            }
            return cut
        }
    }

    /// Sweeps a few times per limit until the task is cancelled.
    func run() async {
        let interval = Duration.milliseconds(min(1000, max(20, limitMilliseconds / 4)))
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            sweep()
        }
    }

    static func nowMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
