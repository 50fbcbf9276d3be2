import Foundation
import NotificationCore
import NotificationService
import SQLiteStorage
import Storage
import TestSupport
import Testing

/// A process killed with SIGKILL while adding and firing, restarted on the same file, has lost no
/// acknowledged request and fires nothing twice.
@Suite struct CrashSafetyTests {
    @Test func sigkillWhileAddingAndFiringLosesNothingAndFiresNothingTwice() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = directory.appendingPathComponent("usernotifyd.sqlite").path
        var acked: [String] = []
        var fired: [String] = []

        for run in 1...4 {
            let process = try ServerProcess(product: "center-crash-fixture", arguments: [database, "run\(run)", "add"])
            _ = try await process.waitForLine(containing: "ready")
            // Let it add and fire for a while, then kill it mid-flight: once it has fired something and
            // acknowledged a number of adds that differs from run to run (counted, not timed, so that a
            // loaded machine kills it as far in as a quiet one).
            _ = try await process.waitForLine(containing: "fired run\(run)-")
            _ = try await process.waitForLine(containing: "acked run\(run)-\(50 + run * 25)")
            process.signal(SIGKILL)
            let lines = try await process.allOutputLines()
            _ = try await process.waitForExit()
            acked += lines.filter { $0.hasPrefix("acked ") }.map { String($0.dropFirst(6)) }
            fired += lines.filter { $0.hasPrefix("fired ") }.map { String($0.dropFirst(6)) }
        }
        let drain = try ServerProcess(product: "center-crash-fixture", arguments: [database, "final", "drain"])
        let lines = try await drain.allOutputLines()
        #expect(lines.contains("drained"), "\(lines.suffix(5))")
        #expect(try await drain.waitForExit() == 0)
        fired += lines.filter { $0.hasPrefix("fired ") }.map { String($0.dropFirst(6)) }

        #expect(acked.count > 20, "the fixture should have acknowledged some adds")
        #expect(Set(fired).count > acked.count / 2, "the firing log should cover most requests")
        let counts = Dictionary(fired.map { ($0, 1) }, uniquingKeysWith: +)
        #expect(counts.filter { $0.value > 1 }.isEmpty, "fired twice: \(counts.filter { $0.value > 1 })")

        let store = try SQLiteStore(path: database)
        let center = CenterKey(appID: "app", centerID: "c1")
        // Each acknowledged request fired: its receipt says so (the delivered list keeps only the newest
        // `DeliveredList.perCenter` of the thousands fired into this one center).
        var missing: [String] = []
        for identifier in Set(acked) where try await !store.receipts(center, identifier: identifier).contains(where: { $0.stage == .fired })
        {
            missing.append(identifier)
        }
        #expect(missing.isEmpty, "acknowledged but never delivered: \(missing.sorted().prefix(10))")
        let delivered = try await store.deliveredNotifications(center, after: nil, limit: 100_000).items
        #expect(delivered.count <= DeliveredList.perCenter + 31)
        #expect(try await store.pendingRequests(center, after: nil, limit: 10).items.isEmpty)
    }
}
