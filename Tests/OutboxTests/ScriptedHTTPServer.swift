import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL
import Synchronization

/// An HTTP/1.1 server on loopback (over TLS when given a configuration; HTTP/2 over TLS with `http2`) that
/// answers by path, for the outbound client's connections: `/silent` never answers, `/large` answers
/// 100,000 bytes, `/close` answers with `Connection: close`, `/drop` answers as if it kept the connection
/// and then closes it (over HTTP/2: sends GOAWAY, then closes it), `/goaway` (HTTP/2) answers and sends
/// GOAWAY, leaving the close to the client; any other path answers 200 with what it received in `x-host`,
/// `x-uri`, `x-agent` and `x-signature`. It counts the connections it accepted, and those closed, and can
/// make its open connections read nothing more (`deafen()`).
final class ScriptedHTTPServer: Sendable {
    let port: Int
    private let channel: any Channel
    /// The connections accepted.
    private let accepted: Connections
    /// How many connections have closed so far, after each close.
    private let closes: AsyncStream<Int>

    var connections: Int { accepted.channels.withLock { $0.count } }

    private init(port: Int, channel: any Channel, accepted: Connections, closes: AsyncStream<Int>) {
        self.port = port
        self.channel = channel
        self.accepted = accepted
        self.closes = closes
    }

    /// Makes every connection accepted so far drop what comes on it before TLS sees it, from when this
    /// returns: its calls and PINGs go unanswered, as on a connection a NAT forgot. Connections accepted
    /// later are not touched.
    func deafen() async throws {
        for connection in accepted.channels.withLock({ $0 }) {
            try await connection.pipeline.addHandler(Deaf(), position: .first).get()
        }
    }

    /// How long a call that should succeed may take: what only a hang exceeds on a loaded machine (a
    /// first call's TLS handshake under CI's load has taken more than 30 s).
    static let patience: Duration = .seconds(300)

    /// Returns true once `count` of the connections it accepted have closed, woken by each close; false
    /// if they have not within `patience`. One caller at a time.
    func closedConnections(_ count: Int) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { [closes] in
                for await closed in closes where closed >= count { return true }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: Self.patience)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    private final class Count: Sendable {
        let value = Mutex(0)
    }

    private final class Connections: Sendable {
        let channels = Mutex<[any Channel]>([])
    }

    struct NoPort: Error {}

    static func start(tls: TLSConfiguration? = nil, http2: Bool = false, port: Int = 0) async throws -> ScriptedHTTPServer {
        let context = try tls.map { configuration in
            var configuration = configuration
            if http2 { configuration.applicationProtocols = ["h2"] }
            return try NIOSSLContext(configuration: configuration)
        }
        let (accepted, closed) = (Connections(), Count())
        let (closes, closing) = AsyncStream.makeStream(of: Int.self)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                accepted.channels.withLock { $0.append(channel) }
                channel.closeFuture.whenComplete { _ in
                    closing.yield(
                        closed.value.withLock {
                            $0 += 1; return $0
                        })
                }
                return channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let context { try pipeline.addHandler(NIOSSLServerHandler(context: context)) }
                    guard http2 else {
                        try pipeline.configureHTTPServerPipeline()
                        return try pipeline.addHandler(ScriptedHandler(http2: false))
                    }
                    _ = try pipeline.configureHTTP2Pipeline(
                        mode: .server, connectionConfiguration: .init(), streamConfiguration: .init()
                    ) { stream in
                        stream.eventLoop.makeCompletedFuture {
                            try stream.pipeline.syncOperations.addHandler(HTTP2FramePayloadToHTTP1ServerCodec())
                            try stream.pipeline.syncOperations.addHandler(ScriptedHandler(http2: true))
                        }
                    }
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
        guard let port = channel.localAddress?.port else { throw NoPort() }
        return ScriptedHTTPServer(port: port, channel: channel, accepted: accepted, closes: closes)
    }

    func close() async {
        try? await channel.close()
    }
}

private final class ScriptedHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var head: HTTPRequestHead?
    /// Each request a stream, whose parent channel is the connection.
    private let http2: Bool

    init(http2: Bool) {
        self.http2 = http2
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end:
            guard let head else { return }
            switch head.uri.split(separator: "?").first ?? "" {
            case "/silent": return
            case "/large": respond(context, body: String(repeating: "a", count: 100_000))
            case "/close": respond(context, body: "bye", headers: [("Connection", "close")], thenClose: true)
            case "/drop": respond(context, body: "dropped", thenClose: true)
            case "/goaway": respond(context, body: "going", goAway: true)
            default:
                respond(
                    context, body: "ok",
                    headers: [
                        ("x-host", head.headers.first(name: "host") ?? ""), ("x-uri", head.uri),
                        ("x-agent", head.headers.first(name: "user-agent") ?? ""),
                        ("x-signature", head.headers.first(name: "webhook-signature") ?? ""),
                    ])
            }
        }
    }

    private func respond(
        _ context: ChannelHandlerContext, body: String, headers: [(String, String)] = [], thenClose: Bool = false, goAway: Bool = false
    ) {
        var fields = HTTPHeaders(headers)
        fields.add(name: "Content-Length", value: String(body.utf8.count))
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        guard thenClose || goAway else { return }
        // Over HTTP/2 the connection (the stream's parent) says it ends, then ends (unless it leaves that to
        // the client).
        guard http2, let connection = context.channel.parent else {
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            return written.whenComplete { _ in bound.value.close(promise: nil) }
        }
        let goAway = HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: .maxID, errorCode: .noError, opaqueData: nil))
        written.whenComplete { _ in
            connection.writeAndFlush(goAway).whenComplete { _ in if thenClose { connection.close(promise: nil) } }
        }
    }
}

/// Drops every byte that comes (its channel still sees the peer close).
private final class Deaf: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
}
