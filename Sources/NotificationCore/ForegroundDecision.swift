import Foundation

/// What the app's `willPresent` delegate said, for a foreground delivery.
package enum ForegroundDecision: Sendable, Hashable {
    /// No delegate configured: the notification's own options apply.
    case noDelegate
    /// The delegate chose these options.
    case delegate(Set<PresentationOption>)
    /// The delegate did not answer in time or failed: the framework's rule, not presented.
    case delegateFailed(reason: String)
}
