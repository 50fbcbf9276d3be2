import Foundation
import NotificationCore

/// A page of results and the cursor for the next one (nil at the end).
package struct Page<Item: Sendable>: Sendable {
    package var items: [Item]
    package var nextCursor: String?

    package init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}
