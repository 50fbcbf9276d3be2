import CMicroHTTPD
import HTTPCore
import Memberwise
import Synchronization

/// The buffer between a streaming response's producer (a worker task) and libmicrohttpd's content reader.
///
/// When the reader finds nothing to send it suspends the connection (inside the reader, as libmicrohttpd
/// requires) and marks itself parked; the next write or `finish()` resumes it. Closing (client gone,
/// response destroyed, server draining) wakes `waitUntilClosed()` so that the producer is cancelled.
@MemberwiseInit(.internal)
final class ResponseStream: ResponseBodyWriter, @unchecked Sendable {
    private struct State {
        var buffer: [UInt8] = []
        var readOffset = 0
        var finished = false
        var failed = false
        var closed = false
        var parked = false
        var wroteSinceHeartbeat = false
        var connection: ConnectionHandle?
        var closeWaiter: CheckedContinuation<Void, Never>?
        var waiterCancelled = false

        var pending: Int { buffer.count - readOffset }

        /// The connection to resume when the reader is parked; clears the parked mark.
        mutating func unpark() -> ConnectionHandle? {
            guard parked else { return nil }
            parked = false
            return connection
        }
    }

    private let state = Mutex(State())
    private let bufferLimit: Int

    // MARK: producer side

    func write(_ bytes: [UInt8]) throws {
        try append(bytes, isHeartbeat: false)
    }

    /// Writes `bytes` unless something else was written since the last heartbeat.
    func heartbeat(_ bytes: [UInt8]) throws {
        try append(bytes, isHeartbeat: true)
    }

    private func append(_ bytes: [UInt8], isHeartbeat: Bool) throws {
        let resume: ConnectionHandle? = try state.withLock { state in
            guard !state.closed, !state.finished else { throw ResponseStreamClosed() }
            if isHeartbeat {
                defer { state.wroteSinceHeartbeat = false }
                if state.wroteSinceHeartbeat { return nil }
            } else {
                state.wroteSinceHeartbeat = true
            }
            if state.pending + bytes.count > bufferLimit {
                // The client does not read: end the response with an error, which drops the connection.
                state.failed = true
                state.finished = true
            } else {
                state.buffer.append(contentsOf: bytes)
            }
            return state.unpark()
        }
        resume?.resume()
        if state.withLock({ $0.failed }) { throw ResponseStreamClosed() }
    }

    /// Ends the body after what is buffered.
    func finish() {
        let resume = state.withLock { state -> ConnectionHandle? in
            state.finished = true
            return state.unpark()
        }
        resume?.resume()
    }

    /// Returns once the stream is closed, or when the calling task is cancelled.
    func waitUntilClosed() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    if state.closed || state.waiterCancelled { return true }
                    state.closeWaiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { state in
                state.waiterCancelled = true
                defer { state.closeWaiter = nil }
                return state.closeWaiter
            }?.resume()
        }
    }

    /// Marks the stream closed: writes fail from now on and the producer is stopped. Idempotent.
    func close() {
        let (waiter, resume) = state.withLock { state in
            state.closed = true
            state.finished = true
            defer { state.closeWaiter = nil }
            return (state.closeWaiter, state.unpark())
        }
        waiter?.resume()
        resume?.resume()
    }

    // MARK: libmicrohttpd side (its thread only)

    /// Called once, when the response is queued on `connection`.
    func attach(to connection: OpaquePointer) {
        state.withLock { $0.connection = ConnectionHandle(raw: connection) }
    }

    /// The content reader: copies buffered bytes, ends the body, or parks the connection until data comes.
    func read(into destination: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        state.withLock { state in
            if state.pending > 0 {
                let count = min(max, state.pending)
                state.buffer.withUnsafeBytes { source in
                    UnsafeMutableRawPointer(destination).copyMemory(
                        from: source.baseAddress! + state.readOffset, byteCount: count
                    )
                }
                state.readOffset += count
                if state.readOffset == state.buffer.count {
                    state.buffer.removeAll(keepingCapacity: true)
                    state.readOffset = 0
                }
                return count
            }
            if state.finished {
                return state.failed ? unfy_end_with_error : unfy_end_of_stream
            }
            guard let connection = state.connection else { return unfy_end_with_error }
            state.parked = true
            MHD_suspend_connection(connection.raw)
            return 0
        }
    }
}
