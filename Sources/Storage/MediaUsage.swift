import Foundation

/// What an app's media take up against its quota.
package struct MediaUsage: Sendable, Hashable, Codable {
    package var count: Int
    package var bytes: Int

    package init(count: Int, bytes: Int) {
        self.count = count
        self.bytes = bytes
    }
}
