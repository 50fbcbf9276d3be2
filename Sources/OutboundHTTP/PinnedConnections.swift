import NIOCore
import NIOHTTP1
import Synchronization
import Webhooks

/// HTTP/1.1 connections to the addresses the SSRF guard checked (`PinnedDialer`), kept open between
/// calls by origin: each runs one exchange at a time (`ExchangeHandler`).
final class PinnedConnections: Sendable {
    typealias Origin = PinnedDialer.Origin

    private struct Connection: Sendable {
        let channel: any Channel
        let handler: NIOLoopBound<ExchangeHandler>
    }

    private struct Idle {
        var byOrigin: [Origin: [Connection]] = [:]
        var count = 0
        /// False once shut down: a connection whose exchange ends then is closed, not kept.
        var open = true
    }

    private let idle = Mutex(Idle())
    private let dialer: PinnedDialer
    private let limit: Int
    private let perOrigin: Int
    private let total: Int
    private let idleTimeout: TimeAmount

    /// `limit`: the most of an answer's body read; `perOrigin` and `total`: the most idle connections
    /// kept; `idleTimeout`: how long one stays unused before it closes.
    init(dialer: PinnedDialer, limit: Int, perOrigin: Int = 128, total: Int = 1024, idleTimeout: TimeAmount = .seconds(60)) {
        self.dialer = dialer
        self.limit = limit
        self.perOrigin = perOrigin
        self.total = total
        self.idleTimeout = idleTimeout
    }

    /// Sends the request to the origin: on a kept connection if there is one, else on a new one to the
    /// first of `addresses` that answers. A kept connection that ends before any of the answer came (its
    /// server let it go as it was taken: closed, or reset by the request) is replaced by a new one, once.
    func exchange(
        _ request: HTTPRequestHead, body: ByteBuffer, to origin: Origin, at addresses: [IPAddress], deadline: NIODeadline
    ) async throws -> ExchangeHandler.Answer {
        if let kept = take(origin) {
            do {
                return try await exchange(request, body: body, on: kept, origin, deadline: deadline)
            } catch let failure as ExchangeHandler.Failure where failure.beforeAnyAnswer && !Task.isCancelled {
                // Its server let it go idle: a new connection takes the request.
            }
        }
        let connection = try await connect(origin, addresses, deadline: deadline)
        return try await exchange(request, body: body, on: connection, origin, deadline: deadline)
    }

    /// Closes the idle connections; one under way closes when its exchange ends.
    func shutdown() async {
        let all = idle.withLock { idle in
            defer { idle = Idle(open: false) }
            return idle.byOrigin.values.joined().map(\.channel)
        }
        for channel in all { try? await channel.close() }
    }

    private func exchange(
        _ request: HTTPRequestHead, body: ByteBuffer, on connection: Connection, _ origin: Origin, deadline: NIODeadline
    ) async throws -> ExchangeHandler.Answer {
        let promise = connection.channel.eventLoop.makePromise(of: ExchangeHandler.Answer.self)
        connection.channel.eventLoop.execute {
            connection.handler.value.send(request, body: body, deadline: deadline, promise: promise)
        }
        let answer = try await withTaskCancellationHandler {
            try await promise.futureResult.get()
        } onCancel: {
            connection.channel.close(promise: nil)
        }
        if answer.reusable { keep(connection, origin) }
        return answer
    }

    /// A new connection to one of the addresses, closed and forgotten when its exchange cannot be followed
    /// by another.
    private func connect(_ origin: Origin, _ addresses: [IPAddress], deadline: NIODeadline) async throws -> Connection {
        let (limit, idleTimeout) = (limit, idleTimeout)
        let connection = try await dialer.connect(origin, addresses, deadline: deadline) { channel in
            let pipeline = channel.pipeline.syncOperations
            try pipeline.addHTTPClientHandlers()
            let handler = ExchangeHandler(limit: limit, idleTimeout: idleTimeout)
            try pipeline.addHandler(handler)
            return Connection(channel: channel, handler: NIOLoopBound(handler, eventLoop: channel.eventLoop))
        }
        connection.channel.closeFuture.whenComplete { [weak self] _ in self?.forget(connection, origin) }
        return connection
    }

    /// A kept connection to the origin that is still open, taken out of the pool.
    private func take(_ origin: Origin) -> Connection? {
        idle.withLock { idle in
            while let connection = idle.byOrigin[origin]?.popLast() {
                idle.count -= 1
                if idle.byOrigin[origin]?.isEmpty == true { idle.byOrigin[origin] = nil }
                if connection.channel.isActive { return connection }
            }
            return nil
        }
    }

    /// Keeps a connection whose exchange ended for the origin's next call, or closes it when the pool is full.
    private func keep(_ connection: Connection, _ origin: Origin) {
        let kept = idle.withLock { idle in
            guard idle.open, idle.count < total, idle.byOrigin[origin, default: []].count < perOrigin else { return false }
            idle.byOrigin[origin, default: []].append(connection)
            idle.count += 1
            return true
        }
        if !kept { connection.channel.close(promise: nil) }
    }

    /// A connection that closed leaves the pool, if it was kept.
    private func forget(_ connection: Connection, _ origin: Origin) {
        idle.withLock { idle in
            guard let index = idle.byOrigin[origin]?.firstIndex(where: { $0.channel === connection.channel }) else { return }
            idle.byOrigin[origin]?.remove(at: index)
            idle.count -= 1
            if idle.byOrigin[origin]?.isEmpty == true { idle.byOrigin[origin] = nil }
        }
    }
}
