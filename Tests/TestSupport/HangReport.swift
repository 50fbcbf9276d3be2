import Foundation
import Synchronization

/// What the test harnesses under way are waiting for, for the watchdog (`Tests/Scripts/watchdog.py`) to
/// print when a run stalls: it calls `usernotifyd_hang_report()` in the stalled process with gdb. A
/// harness adds an entry while it runs and says which step it is on; an entry's text is made only when the
/// report is asked for.
package enum HangReport {
    private struct Entry: Sendable {
        let name: String
        let started: ContinuousClock.Instant
        var step: String
        let details: @Sendable () -> String
    }

    private static let entries = Mutex<[UUID: Entry]>([:])

    /// Runs `body` as an entry named `name`; `details` adds what the entry's parts are doing at the time
    /// of a report.
    package static func entry<T>(
        _ name: String, details: @escaping @Sendable () -> String = { "" }, _ body: (Step) async throws -> T
    ) async throws -> T {
        let id = UUID()
        entries.withLock { $0[id] = Entry(name: name, started: .now, step: "begun", details: details) }
        defer { _ = entries.withLock { $0.removeValue(forKey: id) } }
        return try await body(Step(id: id))
    }

    /// Sets the step an entry is on.
    package struct Step: Sendable {
        fileprivate let id: UUID

        package func callAsFunction(_ step: String) {
            HangReport.entries.withLock { $0[id]?.step = step }
        }
    }

    /// Every entry under way: its name, for how long, its step and its details.
    package static var text: String {
        let now = ContinuousClock.now
        let lines = entries.withLock { Array($0.values) }.sorted { $0.started < $1.started }.map { entry in
            let details = entry.details()
            let seconds = Int((now - entry.started).components.seconds)
            return "\(entry.name), for \(seconds) s: \(entry.step)" + (details.isEmpty ? "" : "; \(details)")
        }
        return lines.isEmpty ? "no harness under way" : lines.joined(separator: "\n")
    }
}

/// The report as a C string that stays allocated (gdb prints it; the process is stopped for good after).
@_cdecl("usernotifyd_hang_report")
package func usernotifydHangReport() -> UnsafeMutablePointer<CChar>? {
    strdup(HangReport.text)
}
