import Foundation

/// How a delivered notification was presented, and why not, where it was not.
package struct Presentation: Sendable, Hashable, Codable {
    package var banner = false
    package var list = false
    package var sound = false
    package var badge = false
    package var lockScreen = false
    /// Why the notification was presented less than its content asked for (`focus`, `provisional`…).
    package var reasons: [String] = []
    /// Held for the Scheduled Summary: in the delivered list, shown and pushed nowhere until this date,
    /// when it comes in the summary and is then presented quietly.
    package var heldUntil: Date?

    package init(
        banner: Bool = false, list: Bool = false, sound: Bool = false, badge: Bool = false, lockScreen: Bool = false,
        reasons: [String] = [],
        heldUntil: Date? = nil
    ) {
        self.heldUntil = heldUntil
        self.banner = banner
        self.list = list
        self.sound = sound
        self.badge = badge
        self.lockScreen = lockScreen
        self.reasons = reasons
    }

    package var isVisible: Bool { banner || list || lockScreen }

    /// Whether it interrupts: a banner, the Lock Screen or a sound (otherwise it is quiet, or held).
    package var interrupts: Bool { banner || lockScreen || sound }

}
