import NIOSSL
import Synchronization

/// A TLS context made at its first use, then kept (or the error making it threw, which is not tried
/// again). Making one reads the system's trust store, tens of milliseconds of CPU; a server has four
/// (webhooks and relays, HTTP/1.1 and HTTP/2), and one that never calls an https URL need not pay them.
final class LazyTLSContext: Sendable {
    private let configuration: TLSConfiguration
    private let made = Mutex<Result<NIOSSLContext, any Error>?>(nil)

    init(_ configuration: TLSConfiguration) {
        self.configuration = configuration
    }

    /// The context; the calls that come while it is being made wait for it.
    func get() throws -> NIOSSLContext {
        try made.withLock { made in
            if let made { return made }
            let result = Result { try NIOSSLContext(configuration: configuration) }
            made = result
            return result
        }.get()
    }
}
