import Foundation

/// `UNNotificationPresentationOptions`, as a set of case names. The deprecated `alert` means banner
/// and list.
package enum PresentationOption: String, Sendable, Hashable, Codable, CaseIterable {
    case badge, sound, list, banner, alert

    /// Expands `alert` into `banner` and `list`.
    package static func normalized(_ options: Set<PresentationOption>) -> Set<PresentationOption> {
        var result = options
        if result.remove(.alert) != nil { result.formUnion([.banner, .list]) }
        return result
    }
}
