// h2-sink: an HTTP/2-over-TLS endpoint on loopback that answers every request 200 with an `apns-id`, as
// fast as NIO can: what `make bench` relays to, the relay and its bare HTTP/2 client loop alike (the
// fakes of the tests check everything, and are far slower).
//
//   h2-sink --cert server.pem --key server-key.pem
//
// Prints `listening PORT` once it accepts connections; runs until killed.
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL

/// Reads a request to its end, then answers it.
final class Answer: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .end = unwrapInboundIn(data) else { return }
        var headers = HTTPHeaders()
        headers.add(name: "apns-id", value: "00000000-0000-0000-0000-000000000000")
        headers.add(name: "content-length", value: "0")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http2, status: .ok, headers: headers))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}

var arguments = CommandLine.arguments.dropFirst().makeIterator()
var certificate = ""
var key = ""
while let argument = arguments.next() {
    switch argument {
    case "--cert": certificate = arguments.next() ?? ""
    case "--key": key = arguments.next() ?? ""
    default: fatalError("usage: h2-sink --cert server.pem --key server-key.pem")
    }
}
var tls = TLSConfiguration.makeServerConfiguration(
    certificateChain: try NIOSSLCertificate.fromPEMFile(certificate).map { .certificate($0) },
    privateKey: .privateKey(try NIOSSLPrivateKey(file: key, format: .pem)))
tls.applicationProtocols = ["h2"]
let context = try NIOSSLContext(configuration: tls)
let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    .serverChannelOption(.backlog, value: 256)
    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
        }.flatMap {
            channel.configureHTTP2Pipeline(mode: .server) { stream in
                stream.eventLoop.makeCompletedFuture {
                    try stream.pipeline.syncOperations.addHandlers([HTTP2FramePayloadToHTTP1ServerCodec(), Answer()])
                }
            }.map { _ in }
        }
    }
    .bind(host: "127.0.0.1", port: 0).get()
FileHandle.standardOutput.write(Data("listening \(channel.localAddress?.port ?? 0)\n".utf8))
try await channel.closeFuture.get()
