import Foundation
import Memberwise

/// `UNNotification`: a request that fired, when, and how it was presented.
@MemberwiseInit
package struct DeliveredNotification: Sendable, Hashable, Codable {
    package var date: Date
    package var request: NotificationRequest
    package var presentation: Presentation

    /// The interruption level it is pushed with: its content's, or `passive` when it was presented
    /// quietly (a Focus, provisional, a summary's release): the device then neither lights up nor sounds.
    package var level: InterruptionLevel {
        presentation.interrupts ? request.content.effectiveInterruptionLevel : .passive
    }
}
