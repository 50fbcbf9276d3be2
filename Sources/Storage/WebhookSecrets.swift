import Foundation
import Webhooks

/// Webhook settings as both stores keep them: the settings without their signing secrets (what a change's
/// transaction reads to address its messages), and the secrets sealed apart (what the dispatcher opens
/// to sign).
package enum WebhookSecrets: StoredForm {
    /// The settings without secrets, and the secrets sealed for the app.
    package static func split(_ configuration: WebhookConfiguration, appID: String, _ box: SecretBox) throws -> (
        configuration: Data, sealedSecrets: Data
    ) {
        var bare = configuration
        bare.secrets = []
        let sealed = try box.seal(try encode(configuration.secrets), context: SealedColumn.webhookSecrets.context([appID]))
        return (try encode(bare), sealed)
    }

    /// The app's secrets, opened.
    package static func open(_ sealed: Data, appID: String, _ box: SecretBox) throws -> [String] {
        try decode([String].self, try box.open(sealed, context: SealedColumn.webhookSecrets.context([appID])))
    }
}
