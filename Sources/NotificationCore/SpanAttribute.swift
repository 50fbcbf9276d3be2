import Foundation
import Synchronization

package enum SpanAttribute: Sendable, Hashable {
    case string(String)
    case int(Int)
}
