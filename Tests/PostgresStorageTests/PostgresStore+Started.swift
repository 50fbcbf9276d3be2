import PostgresNIO
import Storage
import Synchronization

@testable import PostgresStorage

extension PostgresStore {
    /// `write`, made again while the call is refused before its body starts: on a loaded machine the
    /// store's change listener can miss a heartbeat, and calls fail at once until it is back. For a test
    /// whose body opens a gate that the test then waits on, which would otherwise wait for good. An error
    /// once the body has started is the caller's.
    func writeOnceStarted<T: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection, inout ChangeSet) async throws -> T
    ) async throws -> T {
        let started = Atomic(false)
        while true {
            do {
                return try await write { connection, changes in
                    started.store(true, ordering: .relaxed)
                    return try await body(connection, &changes)
                }
            } catch  where !started.load(ordering: .relaxed) {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }
}
