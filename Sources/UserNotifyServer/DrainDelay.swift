import Logging
import Memberwise
import ServiceLifecycle

/// The first step of a graceful shutdown, listed last in the service group so that it is the first to
/// hear of SIGTERM: `/readyz` turns 503 at once, and for `delay` everything else still serves — load
/// balancers and Kubernetes endpoints stop sending new requests before the server stops taking them.
@MemberwiseInit
package struct DrainDelay: Service {
    let readiness: Readiness
    let delay: Duration
    let logger: Logger

    package func run() async throws {
        // Cancellation (not a graceful shutdown) ends it without a delay.
        guard (try? await gracefulShutdown()) != nil else { return }
        readiness.markDraining()
        logger.notice("not ready; draining", metadata: ["drain.delay": "\(delay)"])
        try? await Task.sleep(for: delay)
    }
}
