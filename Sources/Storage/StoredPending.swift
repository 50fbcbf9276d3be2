import Foundation
import Memberwise
import NotificationCore

/// A pending request as the store hands it out: the revision that identifies this version of it (an
/// `add` with the same identifier makes a new one), and, once claimed for firing, the claim's fencing
/// token.
@MemberwiseInit
package struct StoredPending: Sendable, Hashable {
    package var pending: PendingRequest
    package var revision: Int64
    /// The claim's token: only the holder of the claim that carries it can record the firing, and only
    /// while its lease lasts. nil for a request read without claiming it.
    package var claim: Int64?
    /// The request's stored bytes as the store read them (nil when not read from a row): a firing that
    /// delivers the request unchanged reuses them instead of encoding it again.
    package var requestForm: Data?

    package var center: CenterKey { pending.center }
    package var identifier: String { pending.request.identifier }
}
