import Synchronization
import Webhooks

/// The signers of the apps' secret sets, each keyed once (`WebhookSigner`) and kept for the attempts
/// after it: parsing a secret and keying its HMAC on every attempt was ~2 % of a webhook's CPU. Keyed by
/// the secrets' text, so that a rotation makes a new signer; bounded (emptied when full).
final class SignerCache: Sendable {
    private let signers = Mutex<[[String]: WebhookSigner]>([:])
    private let capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    /// The signer of `configuration`'s secrets (none: a signer that signs with nothing).
    func signer(for configuration: WebhookConfiguration?) -> WebhookSigner {
        let secrets = configuration?.secrets ?? []
        if let signer = signers.withLock({ $0[secrets] }) { return signer }
        let signer = WebhookSigner(configuration?.signingSecrets ?? [])
        signers.withLock { signers in
            if signers.count >= capacity { signers.removeAll(keepingCapacity: true) }
            signers[secrets] = signer
        }
        return signer
    }
}
