import Foundation
import Memberwise
import NotificationCore

/// A page of results and the cursor for the next one (nil at the end).
@MemberwiseInit
package struct Page<Item: Sendable>: Sendable {
    package var items: [Item]
    package var nextCursor: String?
}
