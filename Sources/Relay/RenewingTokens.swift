import Foundation

/// Bearer tokens kept per credential and made again before they expire: APNs provider tokens (an hour's
/// life; Apple refuses a new one more often than every 20 minutes, so each is used for 50) and OAuth
/// access tokens (renewed 5 minutes before `expires_in`). One token is made at a time per credential:
/// callers that find none wait for the one being made rather than each asking the service.
package actor RenewingTokens {
    private struct Entry {
        var token: String
        var renewAt: Date
    }

    private var entries: [String: Entry] = [:]
    private var waiting: [String: [CheckedContinuation<String, any Error>]] = [:]
    private let now: @Sendable () -> Date

    package init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The credential's token: the one kept, or a new one from `make`, which tells how long to use it.
    package func token(for credential: String, make: @Sendable () async throws -> (token: String, useFor: TimeInterval)) async throws
        -> String
    {
        if let entry = entries[credential], now() < entry.renewAt { return entry.token }
        if waiting[credential] != nil {
            return try await withCheckedThrowingContinuation { waiting[credential, default: []].append($0) }
        }
        waiting[credential] = []
        let made: Result<String, any Error>
        do {
            let (token, useFor) = try await make()
            entries[credential] = Entry(token: token, renewAt: now().addingTimeInterval(useFor))
            made = .success(token)
        } catch {
            made = .failure(error)
        }
        let waiters = waiting.removeValue(forKey: credential) ?? []
        waiters.forEach { $0.resume(with: made) }
        return try made.get()
    }

    /// How many callers wait for the credential's token being made.
    package func waiting(for credential: String) -> Int {
        waiting[credential]?.count ?? 0
    }

    /// Forgets `token` (the service said it expired), unless another replaced it meanwhile.
    package func expire(_ token: String, of credential: String) {
        if entries[credential]?.token == token { entries[credential] = nil }
    }
}
