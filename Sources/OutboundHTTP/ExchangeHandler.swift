import NIOCore
import NIOHTTP1

/// One request and its answer at a time on a pooled HTTP/1.1 connection (`PinnedConnections`), or one on
/// an HTTP/2 stream through NIO's translation (`HTTP2Connections`): writes
/// the request, collects the answer's head and at most `limit` bytes of its body, and completes the
/// exchange's promise with them, or with why none came (the connection closed or failed, the deadline
/// passed). A connection kept after its exchange closes once idle for `idleTimeout` (a timer set as the
/// exchange ends and cancelled by the next: `IdleStateHandler` would make a promise for every write).
final class ExchangeHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundOut = HTTPClientRequestPart

    /// An answer: its head, and its body up to the limit (`truncated` when it had more; the connection
    /// is then closed, as is one whose answer asked for it).
    struct Answer: Sendable {
        var head: HTTPResponseHead
        var body: ByteBuffer
        var truncated: Bool
        var reusable: Bool
    }

    enum Failure: Error, CustomStringConvertible {
        /// The connection closed before the answer ended; `answered` when some of it had come.
        case closed(answered: Bool)
        /// The connection failed (reset, TLS); `answered` when some of the answer had come.
        case failed(any Error, answered: Bool)
        case timedOut

        /// Whether the connection ended before any of the answer came: a kept connection that its server
        /// let go as it was taken (closed, or reset by the request written to it).
        var beforeAnyAnswer: Bool {
            switch self {
            case .closed(let answered), .failed(_, let answered): !answered
            case .timedOut: false
            }
        }

        var description: String {
            switch self {
            case .closed(let answered): answered ? "the connection closed before the answer ended" : "the connection closed with no answer"
            case .failed(let error, _): "\(error)"
            case .timedOut: "no answer in time"
            }
        }
    }

    private let limit: Int
    private let idleTimeout: TimeAmount?
    private var idle: Scheduled<Void>?
    private var context: ChannelHandlerContext?
    private var promise: EventLoopPromise<Answer>?
    private var deadline: Scheduled<Void>?
    private var head: HTTPResponseHead?
    private var body = ByteBuffer()
    private var truncated = false

    /// `idleTimeout`: how long a kept connection may wait for its next exchange (nil: an HTTP/2 stream,
    /// which ends with its answer).
    init(limit: Int, idleTimeout: TimeAmount?) {
        self.limit = limit
        self.idleTimeout = idleTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    /// Sends a request (on the channel's event loop); `promise` gets its answer. The deadline closes the
    /// connection: what was under way on it cannot be told from the next answer.
    func send(_ request: HTTPRequestHead, body: ByteBuffer, deadline: NIODeadline, promise: EventLoopPromise<Answer>) {
        guard let context, context.channel.isActive, self.promise == nil else {
            promise.fail(Failure.closed(answered: false))
            return
        }
        self.promise = promise
        idle?.cancel()
        idle = nil
        head = nil
        self.body.clear()
        truncated = false
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        self.deadline = context.eventLoop.scheduleTask(deadline: deadline) { bound.value.end(.failure(Failure.timedOut)) }
        // A request the encoder refuses (a field it will not write) ends the exchange at once.
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.whenFailure { bound.value.end(.failure(Failure.failed($0, answered: false))) }
        context.write(wrapOutboundOut(.head(request)), promise: written)
        if body.readableBytes > 0 { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            // Informational answers (1xx) come before the final one.
            if head.status.code >= 200 { self.head = head }
        case .body(var part):
            guard !truncated else { return }
            if body.readableBytes + part.readableBytes > limit {
                truncated = true
                answer()
            } else {
                body.writeBuffer(&part)
            }
        case .end:
            if promise != nil { answer() }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        end(.failure(Failure.closed(answered: head != nil)))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        end(.failure(Failure.failed(error, answered: head != nil)))
        context.close(promise: nil)
    }

    private func answer() {
        guard let head else { return end(.failure(Failure.closed(answered: false))) }
        // An HTTP/2 stream (`HTTP2Connections`) ends with its answer: closed by hand it would be reset, and
        // servers count resets against a flood.
        let reusable = !truncated && (head.version.major >= 2 || head.isKeepAlive)
        end(.success(Answer(head: head, body: body, truncated: truncated, reusable: reusable)))
    }

    /// Completes the exchange under way, if any; a connection that cannot take the next one closes.
    private func end(_ result: Result<Answer, any Error>) {
        guard let promise else { return }
        self.promise = nil
        deadline?.cancel()
        deadline = nil
        if case .success(let answer) = result, answer.reusable {
            body = ByteBuffer()
            if let idleTimeout, let context {
                let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
                idle = context.eventLoop.scheduleTask(in: idleTimeout) { bound.value.close(promise: nil) }
            }
        } else {
            context?.close(promise: nil)
        }
        promise.completeWith(result)
    }
}
