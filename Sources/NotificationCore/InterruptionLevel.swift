/// `UNNotificationInterruptionLevel`, with the framework's raw values.
package enum InterruptionLevel: String, Sendable, Hashable, Codable, CaseIterable {
    case passive
    case active
    case timeSensitive
    case critical

    /// The framework's raw value (0…3).
    package var rawNumber: Int {
        switch self {
        case .passive: 0
        case .active: 1
        case .timeSensitive: 2
        case .critical: 3
        }
    }
}
