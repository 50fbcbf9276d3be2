import Synchronization

/// Whether the service is ready to serve: set once storage is open and migrated.
package final class Readiness: Sendable {
    private let ready = Atomic<Bool>(false)

    package init() {}

    package var isReady: Bool { ready.load(ordering: .acquiring) }

    package func markReady() { ready.store(true, ordering: .releasing) }
}
