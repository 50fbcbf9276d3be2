import Synchronization

/// Whether the service should get traffic (`/readyz`): not while storage opens or migrates, not while
/// its database cannot be reached, not once it drains after SIGTERM — so that load balancers stop
/// sending first.
package final class Readiness: Sendable {
    package enum State: Sendable, Equatable {
        case opening, ready, unreachable, draining
    }

    private let ready = Atomic<Bool>(false)
    private let draining = Atomic<Bool>(false)
    private let reachable = Mutex<@Sendable () -> Bool>({ true })

    package init() {}

    package var state: State {
        if draining.load(ordering: .acquiring) { return .draining }
        guard ready.load(ordering: .acquiring) else { return .opening }
        return reachable.withLock { $0 }() ? .ready : .unreachable
    }

    package var isReady: Bool { state == .ready }

    /// Storage is open; from now on `isReachable` says whether its database answers.
    package func markReady(isReachable: @escaping @Sendable () -> Bool = { true }) {
        reachable.withLock { $0 = isReachable }
        ready.store(true, ordering: .releasing)
    }

    package func markDraining() { draining.store(true, ordering: .releasing) }
}
