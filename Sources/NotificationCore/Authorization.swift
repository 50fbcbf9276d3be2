import ErrorCodes
import Foundation
import Memberwise

/// `UNAuthorizationOptions`, as a set of the framework's case names.
package enum AuthorizationOption: String, Sendable, Hashable, Codable, CaseIterable {
    case badge, sound, alert, carPlay, criticalAlert, providesAppNotificationSettings, provisional, announcement, timeSensitive
}

/// `UNAuthorizationStatus`.
package enum AuthorizationStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case notDetermined, denied, authorized, provisional, ephemeral

    /// Whether notifications are delivered at all.
    package var allowsDelivery: Bool {
        switch self {
        case .authorized, .provisional, .ephemeral: true
        case .notDetermined, .denied: false
        }
    }
}

/// An open permission prompt: asked once, answered by the user.
@MemberwiseInit
package struct AuthorizationPrompt: Sendable, Hashable, Codable {
    package var id: String
    package var options: Set<AuthorizationOption>
    package var askedAt: Date
}

/// The outcome of `requestAuthorization`.
package enum AuthorizationRequestOutcome: Sendable, Hashable {
    /// Decided before (or just now, for provisional): `granted` as the framework reports it.
    case decided(granted: Bool, status: AuthorizationStatus)
    /// A prompt is open for the user (newly, or still from an earlier call).
    case prompting(AuthorizationPrompt)
}

/// The authorization rules, as a pure state machine over a center's settings.
package enum AuthorizationRules {
    /// `requestAuthorization(options)`: prompts only while undetermined; provisional is granted at once
    /// without a prompt; once decided, later calls return the stored decision.
    package static func request(
        _ options: Set<AuthorizationOption>, settings: inout NotificationSettings, prompt: inout AuthorizationPrompt?,
        newPromptID: String, now: Date
    ) -> AuthorizationRequestOutcome {
        switch settings.authorizationStatus {
        case .notDetermined:
            if options.contains(.provisional) {
                settings.grant(options, status: .provisional)
                return .decided(granted: true, status: .provisional)
            }
            if let open = prompt { return .prompting(open) }
            let opened = AuthorizationPrompt(id: newPromptID, options: options, askedAt: now)
            prompt = opened
            return .prompting(opened)
        case .denied:
            return .decided(granted: false, status: .denied)
        case .authorized, .provisional, .ephemeral:
            return .decided(granted: true, status: settings.authorizationStatus)
        }
    }

    /// The user's answer to the open prompt.
    package static func answer(
        allowed: Bool, settings: inout NotificationSettings, prompt: inout AuthorizationPrompt?
    ) throws(NotificationError) {
        guard let open = prompt else {
            throw NotificationError(code: .noOpenPrompt, kind: .refused, message: "There is no open authorization prompt to answer.")
        }
        if allowed {
            settings.grant(open.options, status: .authorized)
        } else {
            settings.deny()
        }
        prompt = nil
    }
}
