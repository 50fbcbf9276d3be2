import Foundation
import NotificationService

/// `Prefer: wait=N` (RFC 7240), capped at `maximum` seconds.
struct PreferWait: Sendable {
    static let maximum = 60

    let seconds: Int

    init?(_ header: String?) {
        guard let header else { return nil }
        for preference in header.split(separator: ",") {
            let parts = preference.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0].lowercased() == "wait", let value = Int(parts[1]), value >= 0 {
                seconds = min(value, Self.maximum)
                return
            }
        }
        return nil
    }

    /// Waits for the user's answer (a settings change) on `events`; false when the time ran out.
    func awaitAnswer(_ events: AsyncStream<EventHub.Entry>) async -> Bool {
        let seconds = seconds
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await entry in events {
                    if case .settingsChanged = entry.event { return true }
                }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return false
            }
            let answered = await group.next() ?? false
            group.cancelAll()
            return answered
        }
    }
}
