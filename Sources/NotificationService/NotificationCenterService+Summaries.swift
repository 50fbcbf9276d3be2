import Clocks
import Foundation
import Logging
import NotificationCore
import Storage

extension NotificationCenterService {
    /// How many centers' summaries one pass reads at a time.
    static let summaryBatch = 64

    /// Delivers every Scheduled Summary due at `now`, center by center (each in one transaction, so a
    /// summary another replica delivers at the same time comes once); returns how many were delivered.
    @discardableResult
    package func deliverDueSummaries(at now: Date) async throws -> Int {
        var delivered = 0
        var seen: Set<CenterKey> = []
        while true {
            // A center whose summary this pass could not deliver is not tried again in it.
            let due = try await store.centersWithSummaryDue(by: now, limit: Self.summaryBatch + seen.count).filter { !seen.contains($0) }
            guard !due.isEmpty else { return delivered }
            for key in due {
                seen.insert(key)
                if try await deliverSummary(key, dueBy: now, at: now) != nil { delivered += 1 }
            }
        }
    }

    /// "Show Next Summary": delivers now what the center holds for its next summary; nil when it holds nothing.
    package func showNextSummary(_ key: CenterKey) async throws -> ScheduledSummary? {
        guard try await store.center(key) != nil else { throw NotificationError.centerNotFound(key.centerID) }
        return try await deliverSummary(key, dueBy: nil, at: clock.now)?.summary
    }

    private func deliverSummary(_ key: CenterKey, dueBy: Date?, at now: Date) async throws -> SummaryDelivery? {
        let categories = try await store.categories(appID: key.appID)
        let delivery = try await store.deliverSummary(key, dueBy: dueBy, at: now) { center, held in
            SummaryDelivery(held: held, center: center, categories: categories, at: now)
        }
        if delivery != nil { logger.debug("scheduled summary delivered", metadata: ["center.id": .string(key.centerID)]) }
        return delivery
    }
}
