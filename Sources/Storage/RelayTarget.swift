import Foundation
import Memberwise
import NotificationCore

/// A phone's registration with its app's credential for the registration's provider.
@MemberwiseInit
package struct RelayTarget: Sendable, Hashable {
    package var registration: DeviceRegistrationRecord
    package var credential: RelayCredentialRecord?

    /// Targets as read, by registration id, with their credentials' secrets opened: each credential once,
    /// however many phones it serves.
    package static func opened(_ targets: [RelayTarget], _ box: SecretBox) throws -> [String: RelayTarget] {
        var credentials: [String: RelayCredentialRecord] = [:]
        var opened: [String: RelayTarget] = [:]
        for var target in targets {
            if let sealed = target.credential {
                let credential = try credentials[sealed.id] ?? sealed.opened(box)
                credentials[sealed.id] = credential
                target.credential = credential
            }
            opened[target.registration.id] = target
        }
        return opened
    }
}
