import Foundation

/// Waits until `condition` holds, looking every 50 ms, for at most `seconds` (a bound for a broken
/// build, not a timing: the condition is the event waited on).
package func waitUntil(
    _ what: String, within seconds: Double = 120, describe: () async throws -> String = { "" }, _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while try await !condition() {
        guard ContinuousClock.now < deadline else {
            throw LoopbackConnection.Failure("gave up waiting for \(what) after \(seconds) s. \(try await describe())")
        }
        try await Task.sleep(for: .milliseconds(50))
    }
}
