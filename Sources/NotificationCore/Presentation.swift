import Foundation
import Memberwise

/// How a delivered notification was presented, and why not, where it was not.
@MemberwiseInit
package struct Presentation: Sendable, Hashable, Codable {
    package var banner: Bool = false
    package var list: Bool = false
    package var sound: Bool = false
    package var badge: Bool = false
    package var lockScreen: Bool = false
    /// Why the notification was presented less than its content asked for (`focus`, `provisional`…).
    package var reasons: [String] = []
    /// Held for the Scheduled Summary: in the delivered list, shown and pushed nowhere until this date,
    /// when it comes in the summary and is then presented quietly.
    package var heldUntil: Date?

    package var isVisible: Bool { banner || list || lockScreen }

    /// Whether it interrupts: a banner, the Lock Screen or a sound (otherwise it is quiet, or held).
    package var interrupts: Bool { banner || lockScreen || sound }

}
