import Foundation

/// The secrets a store keeps sealed with its `SecretBox`, and what capability tokens need from it.
package protocol SecretStore: Sendable {
    /// Seals anew, in one change, every stored secret that the box's first key did not seal (stored as it
    /// is before keys were configured, or sealed with an older key); returns how many. Throws
    /// `SecretBox.Failure.unknownKey` when one is sealed with a key the box does not have — also when the
    /// box has no key at all — and changes nothing then.
    func sealSecrets() async throws -> Int

    /// The app's token key; `candidate` becomes it if the app has none (replicas racing keep the first
    /// written). Throws `appNotFound`-like `StoreError(.notFound)` for an unknown app.
    func tokenKey(appID: String, orInstall candidate: TokenKeyRecord) async throws -> TokenKeyRecord
    /// The app's token key, if it has one.
    func tokenKey(appID: String) async throws -> TokenKeyRecord?

    /// Records that a once-only token was used, until it expires (then it is forgotten: it no longer
    /// opens anyway); false when it was used already.
    func useToken(id: String, expiresAt: Date, at now: Date) async throws -> Bool
}
