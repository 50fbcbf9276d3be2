import Foundation
import Memberwise

/// What an app's media take up against its quota.
@MemberwiseInit
package struct MediaUsage: Sendable, Hashable, Codable {
    package var count: Int
    package var bytes: Int
}
