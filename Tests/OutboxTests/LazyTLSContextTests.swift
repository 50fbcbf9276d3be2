import NIOSSL
import Testing

@testable import OutboundHTTP

/// A TLS context is made once, at its first use, and kept: so is the error of one that cannot be made.
@Suite struct LazyTLSContextTests {
    @Test func theContextIsMadeOnceAndKept() throws {
        let lazy = LazyTLSContext(TLSConfiguration.makeClientConfiguration())
        let first = try lazy.get()
        #expect(try lazy.get() === first)
    }

    @Test func aContextThatCannotBeMadeThrowsAtEachUse() {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .file("/nonexistent/usernotifyd-test-roots.pem")
        let lazy = LazyTLSContext(configuration)
        #expect(throws: (any Error).self) { try lazy.get() }
        #expect(throws: (any Error).self) { try lazy.get() }
    }
}
