import NIOCore
import NIOPosix
import NIOSSL
import Webhooks

/// New connections to the addresses the SSRF guard checked, never to what a host name resolves to by
/// then: a name whose answer changes between the check and the call (DNS rebinding) cannot lead a call
/// elsewhere. TLS still sends the host name and checks the certificate against it, as any connection to
/// the name would.
struct PinnedDialer: Sendable {
    /// Where a call goes: its URL's scheme, host (the `Host` field, the server name and the certificate's
    /// name) and port, whichever checked address its connection went to.
    struct Origin: Hashable, Sendable {
        var tls: Bool
        var host: String
        var port: Int
    }

    private let tls: LazyTLSContext
    private let pauses: [Duration]

    /// `configuration`: the trust certificates are checked against; `pauses`: how long to wait before each
    /// new try when no address took a connection (a receiver starting or restarting), within the call's
    /// deadline.
    init(tls configuration: TLSConfiguration, pauses: [Duration]) {
        tls = LazyTLSContext(configuration)
        self.pauses = pauses
    }

    /// A connection to the first of `addresses` that takes it (IPv4 first), within the deadline and at
    /// most 5 s an address, tried again after each of `pauses` while none does: TLS for an https origin,
    /// then what `configure` adds to the pipeline (on the channel's event loop), whose result it returns.
    func connect<Output: Sendable>(
        _ origin: Origin, _ addresses: [IPAddress], deadline: NIODeadline, configure: @escaping @Sendable (any Channel) throws -> Output
    ) async throws -> Output {
        // What every try shares: the TLS context (one that cannot be made is not tried again) and the
        // server name, which an address literal is not.
        let context = origin.tls ? try tls.get() : nil
        let serverName = IPAddress(origin.host) == nil ? origin.host : nil
        var pauses = self.pauses[...]
        while true {
            do {
                return try await connectOnce(
                    origin.port, addresses, tls: context, serverName: serverName, deadline: deadline, configure: configure)
            } catch {
                guard let pause = pauses.popFirst(), NIODeadline.now() + TimeAmount(pause) < deadline else { throw error }
                try await Task.sleep(for: pause)
            }
        }
    }

    private func connectOnce<Output: Sendable>(
        _ port: Int, _ addresses: [IPAddress], tls context: NIOSSLContext?, serverName: String?, deadline: NIODeadline,
        configure: @escaping @Sendable (any Channel) throws -> Output
    ) async throws -> Output {
        var failure: (any Error)?
        for address in addresses.filter(\.isIPv4) + addresses.filter({ !$0.isIPv4 }) {
            let remaining = deadline - .now()
            guard remaining > .zero else { throw ExchangeHandler.Failure.timedOut }
            do {
                return try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .connectTimeout(min(.seconds(5), remaining))
                    .channelOption(.tcpOption(.tcp_nodelay), value: 1)
                    .connect(to: try SocketAddress(packedIPAddress: ByteBuffer(bytes: address.bytes), port: port)) { channel in
                        channel.eventLoop.makeCompletedFuture {
                            if let context {
                                try channel.pipeline.syncOperations.addHandler(
                                    NIOSSLClientHandler(context: context, serverHostname: serverName))
                            }
                            return try configure(channel)
                        }
                    }
            } catch {
                failure = error
            }
        }
        throw failure ?? ExchangeHandler.Failure.closed(answered: false)
    }
}
