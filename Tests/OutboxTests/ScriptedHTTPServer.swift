import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// An HTTP/1.1 server on loopback (over TLS when given a configuration) that answers by path, for the
/// outbound client's connections: `/silent` never answers, `/large` answers 100,000 bytes, `/close` answers
/// with `Connection: close`, `/drop` answers as if it kept the connection and then closes it; any other
/// path answers 200 with what it received in `x-host`, `x-uri`, `x-agent` and `x-signature`. It counts the
/// connections it accepted.
final class ScriptedHTTPServer: Sendable {
    let port: Int
    private let channel: any Channel
    private let accepted: Count

    var connections: Int { accepted.value.withLock { $0 } }

    private init(port: Int, channel: any Channel, accepted: Count) {
        self.port = port
        self.channel = channel
        self.accepted = accepted
    }

    private final class Count: Sendable {
        let value = Mutex(0)
    }

    struct NoPort: Error {}

    static func start(tls: TLSConfiguration? = nil, port: Int = 0) async throws -> ScriptedHTTPServer {
        let context = try tls.map { try NIOSSLContext(configuration: $0) }
        let accepted = Count()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                accepted.value.withLock { $0 += 1 }
                return channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    if let context { try pipeline.addHandler(NIOSSLServerHandler(context: context)) }
                    try pipeline.configureHTTPServerPipeline()
                    try pipeline.addHandler(ScriptedHandler())
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
        guard let port = channel.localAddress?.port else { throw NoPort() }
        return ScriptedHTTPServer(port: port, channel: channel, accepted: accepted)
    }

    func close() async {
        try? await channel.close()
    }
}

private final class ScriptedHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var head: HTTPRequestHead?

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

    private func respond(_ context: ChannelHandlerContext, body: String, headers: [(String, String)] = [], thenClose: Bool = false) {
        var fields = HTTPHeaders(headers)
        fields.add(name: "Content-Length", value: String(body.utf8.count))
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if thenClose {
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            written.whenComplete { _ in bound.value.close(promise: nil) }
        }
    }
}
