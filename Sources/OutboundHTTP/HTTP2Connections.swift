import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import NIOTLS
import Synchronization
import Webhooks

/// HTTP/2 connections over TLS (ALPN `h2`) to a few fixed hosts (APNs, FCM), `perOrigin` of them to each,
/// taken in turn: each request is a stream of its own on one of them, run by `ExchangeHandler` through
/// NIO's translation between HTTP/1 parts and HTTP/2 frames. A connection is made when its turn finds
/// none (callers at that turn meanwhile wait for the same one) and stays open until its server closes
/// it or says it will (GOAWAY); a request that such a connection lost before any of its answer came goes
/// once more on a new connection. Streams beyond what the server allows at once wait in NIO's buffer.
final class HTTP2Connections: Sendable {
    typealias Origin = PinnedDialer.Origin

    /// Whether a connection takes no new streams: its server said GOAWAY, or answered no PING in time.
    final class Ending: Sendable {
        private let ended = Atomic(false)

        var hasEnded: Bool { ended.load(ordering: .relaxed) }

        func end() { ended.store(true, ordering: .relaxed) }
    }

    private struct Connection: Sendable {
        let channel: any Channel
        let multiplexer: HTTP2StreamMultiplexer.SendableView
        let ending: Ending
        fileprivate let watch: NIOLoopBound<ConnectionWatch>
        /// `:scheme`: https, or http for HTTP/2 spoken in the clear by prior knowledge.
        let scheme: HTTP2FramePayloadToHTTP1ClientCodec.HTTPProtocol

        var isUsable: Bool { channel.isActive && !ending.hasEnded }
    }

    private enum Slot {
        case connecting(EventLoopFuture<Connection>)
        case ready(Connection)
    }

    private struct Slots {
        var byOrigin: [Origin: [Slot?]] = [:]
        /// False once shut down: a connection made then is closed at once.
        var open = true
    }

    private let slots = Mutex(Slots())
    private let turn = Atomic<Int>(0)
    private let dialer: PinnedDialer
    private let limit: Int
    private let perOrigin: Int
    private let pingWindow: TimeAmount

    /// `dialer`: its TLS offers `h2` first (ALPN); `limit`: the most of an answer's body read;
    /// `perOrigin`: how many connections to each origin (Apple asks high-volume providers for several);
    /// `pingWindow`: how long a connection whose stream timed out has to answer a PING.
    init(dialer: PinnedDialer, limit: Int, perOrigin: Int, pingWindow: Duration) {
        self.dialer = dialer
        self.limit = limit
        self.perOrigin = max(1, perOrigin)
        self.pingWindow = TimeAmount(pingWindow)
    }

    /// Sends the request on a stream of the origin's next connection in turn.
    func exchange(
        _ request: HTTPRequestHead, body: ByteBuffer, to origin: Origin, at addresses: [IPAddress], deadline: NIODeadline
    ) async throws -> ExchangeHandler.Answer {
        let index = turn.wrappingAdd(1, ordering: .relaxed).oldValue % perOrigin
        let connection = try await self.connection(origin, index, addresses, deadline: deadline)
        do {
            return try await exchange(request, body: body, on: connection, deadline: deadline)
        } catch ExchangeHandler.Failure.timedOut {
            // A stream with no answer in time: the connection may be dead (a NAT that forgot it, a peer
            // gone without a word), and every stream on it would time out until TCP gives up. A PING
            // unanswered within the window closes it.
            let (watch, window) = (connection.watch, pingWindow)
            connection.channel.eventLoop.execute { watch.value.probe(within: window) }
            throw ExchangeHandler.Failure.timedOut
        } catch let failure as ExchangeHandler.Failure where failure.beforeAnyAnswer && !Task.isCancelled && !connection.isUsable {
            // The connection went (or said it would) as the stream opened: a new one takes the request.
            let fresh = try await self.connection(origin, index, addresses, deadline: deadline)
            return try await exchange(request, body: body, on: fresh, deadline: deadline)
        }
    }

    /// Why a new connection takes no streams: its server does not speak HTTP/2 (`OutboundHTTPClient` then
    /// calls it over HTTP/1.1).
    struct Refused: Error, CustomStringConvertible {
        var description: String
    }

    /// Closes every connection; streams under way on them end as closed.
    func shutdown() async {
        let all = slots.withLock { slots in
            defer { slots = Slots(open: false) }
            return slots.byOrigin.values.joined().compactMap { slot -> (any Channel)? in
                if case .ready(let connection) = slot { connection.channel } else { nil }
            }
        }
        for channel in all { try? await channel.close() }
    }

    /// The connection at the origin's turn `index`: the one there if it takes streams, else the one being
    /// made there, else a new one.
    private func connection(_ origin: Origin, _ index: Int, _ addresses: [IPAddress], deadline: NIODeadline) async throws -> Connection {
        enum Step {
            case use(Connection)
            case wait(EventLoopFuture<Connection>)
            case make(EventLoopPromise<Connection>)
        }
        let perOrigin = perOrigin
        let step = slots.withLock { slots -> Step in
            var list = slots.byOrigin[origin] ?? Array(repeating: nil, count: perOrigin)
            switch list[index] {
            case .ready(let connection) where connection.isUsable: return .use(connection)
            case .connecting(let made): return .wait(made)
            case .ready, nil:
                let promise = MultiThreadedEventLoopGroup.singleton.any().makePromise(of: Connection.self)
                list[index] = .connecting(promise.futureResult)
                slots.byOrigin[origin] = list
                return .make(promise)
            }
        }
        switch step {
        case .use(let connection):
            return connection
        case .wait(let made):
            return try await made.get()
        case .make(let promise):
            do {
                let connection = try await connect(origin, addresses, deadline: deadline)
                let kept = slots.withLock { slots in
                    guard slots.open else { return false }
                    slots.byOrigin[origin]?[index] = .ready(connection)
                    return true
                }
                if !kept { connection.channel.close(promise: nil) }
                connection.channel.closeFuture.whenComplete { [weak self] _ in self?.forget(connection, origin, index) }
                promise.succeed(connection)
                return connection
            } catch {
                slots.withLock { $0.byOrigin[origin]?[index] = nil }
                promise.fail(error)
                throw error
            }
        }
    }

    /// A new connection, once its server's first SETTINGS came (how many streams it takes at once: until
    /// then a client would open as many as it liked, and the server refuse those over its limit).
    private func connect(_ origin: Origin, _ addresses: [IPAddress], deadline: NIODeadline) async throws -> Connection {
        let (connection, ready) = try await dialer.connect(origin, addresses, deadline: deadline) { channel in
            let pipeline = channel.pipeline.syncOperations
            let ending = Ending()
            let ready = channel.eventLoop.makePromise(of: Void.self)
            let watch = ConnectionWatch(ending: ending, ready: ready, deadline: deadline)
            try pipeline.addHandler(NIOHTTP2Handler(mode: .client, initialSettings: Self.settings))
            try pipeline.addHandler(watch)
            let multiplexer = HTTP2StreamMultiplexer(
                mode: .client, channel: channel, targetWindowSize: 1 << 20, outboundBufferSizeHighWatermark: 1 << 16,
                outboundBufferSizeLowWatermark: 1 << 15, inboundStreamInitializer: nil)
            try pipeline.addHandler(multiplexer)
            let connection = Connection(
                channel: channel, multiplexer: multiplexer.sendableView, ending: ending,
                watch: NIOLoopBound(watch, eventLoop: channel.eventLoop), scheme: origin.tls ? .https : .http)
            return (connection, ready.futureResult)
        }
        do {
            try await ready.get()
        } catch {
            connection.channel.close(promise: nil)
            throw error
        }
        return connection
    }

    /// What the client tells the server: no pushes; answers of up to 1 MiB in flight per stream.
    private static let settings = [
        HTTP2Setting(parameter: .enablePush, value: 0), HTTP2Setting(parameter: .initialWindowSize, value: 1 << 20),
        HTTP2Setting(parameter: .maxHeaderListSize, value: 1 << 16),
    ]

    /// One exchange on a stream of its own; cancelled, the stream is reset and the connection stays.
    private func exchange(
        _ request: HTTPRequestHead, body: ByteBuffer, on connection: Connection, deadline: NIODeadline
    ) async throws -> ExchangeHandler.Answer {
        let loop = connection.channel.eventLoop
        let answer = loop.makePromise(of: ExchangeHandler.Answer.self)
        let stream = loop.makePromise(of: (any Channel).self)
        let (limit, scheme) = (limit, connection.scheme)
        connection.multiplexer.createStreamChannel(promise: stream) { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ClientCodec(httpProtocol: scheme))
                try channel.pipeline.syncOperations.addHandler(ExchangeHandler(limit: limit, idleTimeout: nil))
            }
        }
        stream.futureResult.whenComplete { result in
            do {
                let handler = try result.get().pipeline.syncOperations.handler(type: ExchangeHandler.self)
                handler.send(request, body: body, deadline: deadline, promise: answer)
            } catch {
                answer.fail(ExchangeHandler.Failure.failed(error, answered: false))
            }
        }
        return try await withTaskCancellationHandler {
            try await answer.futureResult.get()
        } onCancel: {
            stream.futureResult.whenSuccess { $0.close(promise: nil) }
        }
    }

    /// A connection that closed leaves its turn, if it still holds it.
    private func forget(_ connection: Connection, _ origin: Origin, _ index: Int) {
        slots.withLock { slots in
            guard case .ready(let kept) = slots.byOrigin[origin]?[index], kept.channel === connection.channel else { return }
            slots.byOrigin[origin]?[index] = nil
        }
    }
}

/// Tells when a new connection is ready (its server's first SETTINGS came), and marks it ending when its
/// server sends GOAWAY (the streams it did not take fail, and new ones go to a new connection); an ending
/// connection closes once its last stream ended. A connection on which TLS agreed on something other
/// than HTTP/2, or whose server sent no SETTINGS by the call's deadline, closes; so does one that does not
/// answer a PING in time (`probe`).
private final class ConnectionWatch: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    private let ending: HTTP2Connections.Ending
    private let ready: EventLoopPromise<Void>
    private let deadline: NIODeadline
    private var isReady = false
    private var timeout: Scheduled<Void>?
    /// Streams open on the connection.
    private var streams = 0
    private var context: ChannelHandlerContext?
    /// A PING sent and not yet answered: the connection closes when it fires.
    private var probing: Scheduled<Void>?

    init(ending: HTTP2Connections.Ending, ready: EventLoopPromise<Void>, deadline: NIODeadline) {
        self.ending = ending
        self.ready = ready
        self.deadline = deadline
    }

    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    /// Asks the server for a PING's answer, unless already waiting for one: none within `window`, and the
    /// connection closes.
    func probe(within window: TimeAmount) {
        guard probing == nil, let context, context.channel.isActive else { return }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        probing = context.eventLoop.scheduleTask(in: window) {
            bound.value.0.ending.end()
            bound.value.1.close(promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(HTTP2Frame(streamID: .rootStream, payload: .ping(HTTP2PingData(), ack: false))), promise: nil)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timeout = context.eventLoop.scheduleTask(deadline: deadline) {
            bound.value.0.notReady(ExchangeHandler.Failure.timedOut, bound.value.1)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data).payload {
        case .settings(.settings):
            if !isReady {
                isReady = true
                timeout?.cancel()
                ready.succeed()
            }
        case .goAway:
            ending.end()
            if streams == 0 { context.close(promise: nil) }
        case .ping(_, ack: true):
            probing?.cancel()
            probing = nil
        default:
            break
        }
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted(let negotiated) = event, negotiated != "h2" {
            let reason = "the server does not speak HTTP/2 over TLS (ALPN chose \(negotiated ?? "nothing"))"
            notReady(HTTP2Connections.Refused(description: reason), context)
        } else if event is NIOHTTP2StreamCreatedEvent {
            streams += 1
        } else if event is StreamClosedEvent {
            streams -= 1
            if streams == 0, ending.hasEnded { context.close(promise: nil) }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        notReady(ExchangeHandler.Failure.closed(answered: false), context)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        notReady(ExchangeHandler.Failure.failed(error, answered: false), context)
        context.fireErrorCaught(error)
    }

    /// A connection that will not be ready fails its readiness (once) and closes.
    private func notReady(_ error: any Error, _ context: ChannelHandlerContext) {
        guard !isReady else { return }
        isReady = true
        timeout?.cancel()
        ready.fail(error)
        context.close(promise: nil)
    }
}
