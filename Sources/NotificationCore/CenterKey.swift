import Memberwise

/// Which center: an app's own name for it, within that app. Center ids are scoped to their app — two
/// apps may both have a `phone-1` — so everything keyed by a center (its requests, notifications, push
/// token, events) is keyed by both.
@MemberwiseInit
package struct CenterKey: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    package var appID: String
    package var centerID: String

    package static func < (lhs: CenterKey, rhs: CenterKey) -> Bool {
        (lhs.appID, lhs.centerID) < (rhs.appID, rhs.centerID)
    }

    package var description: String { "\(appID)/\(centerID)" }
}
