import Clocks
import Foundation
import NotificationCore
import Storage

extension NotificationCenterService {
    /// What became of each delivery of `identifier` on the center and its browsers and phones, as long as
    /// its receipts are kept (`--retain-receipts`); `notificationNotFound` when none are.
    package func receipts(_ key: CenterKey, identifier: String) async throws -> ReceiptSummary {
        _ = try await center(key)
        let steps = try await store.receipts(key, identifier: identifier)
        guard !steps.isEmpty else { throw NotificationError.notificationNotFound(identifier) }
        return ReceiptSummary(identifier: identifier, steps: steps, now: clock.now)
    }
}
