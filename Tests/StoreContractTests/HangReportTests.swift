import Foundation
import Synchronization
import TestSupport
import Testing

/// What the watchdog prints of the harnesses under way when a run stalls.
@Suite struct HangReportTests {
    @Test func anEntrySaysItsStepAndDetailsWhileItRunsAndIsGoneAfter() async throws {
        let name = "harness-\(UUID().uuidString)"
        let detail = Mutex("store 1 connecting")
        try await HangReport.entry(name, details: { detail.withLock { $0 } }) { step in
            step("stopping the stores")
            detail.withLock { $0 = "store 1 closing" }
            let line = try #require(HangReport.text.split(separator: "\n").first { $0.hasPrefix(name) })
            #expect(line.hasSuffix(": stopping the stores; store 1 closing"), "\(line)")
            // What gdb calls in a stalled process gives the same text.
            let report = try #require(usernotifydHangReport())
            defer { free(report) }
            #expect(String(cString: report).contains(line))
        }
        #expect(!HangReport.text.contains(name))
    }
}
