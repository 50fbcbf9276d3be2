import Foundation
import Memberwise

/// One media file an app uploaded (or had fetched), as stored: the app's id for it, its content address
/// and what its content was found to be.
///
/// Life cycle (the framework's): an upload is *staged* until a request attaches it; from then on it
/// lives as long as some pending request or delivered notification holds it (`holds`), and goes with the
/// last one. A staged upload nobody attaches expires.
@MemberwiseInit
package struct MediaRecord: Sendable, Hashable {
    package var id: String
    package var appID: String
    /// Lowercase hex SHA-256 of the content: the file's name in the data directory.
    package var sha256: String
    package var uti: String
    package var mimeType: String
    package var size: Int
    package var createdAt: Date
    /// Attached at least once: its life now follows its holders.
    package var attached: Bool = false
    /// Pending requests and delivered notifications holding it.
    package var holds: Int = 0
}
