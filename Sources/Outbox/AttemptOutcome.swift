import HTTPTypes
import Memberwise

/// What one call of an attempt came back with, whatever the channel: the status, headers and body of
/// the answer, or why none came, and how long it took.
@MemberwiseInit
package struct AttemptOutcome: Sendable {
    /// nil when no response came (refused by the SSRF guard, connection error, timeout, nothing to send).
    package var status: Int?
    package var headers: HTTPFields
    package var body: [UInt8]
    package var error: String?
    package var duration: Duration

    /// The first value of the field `name` (for the pure rules that read an answer by name).
    package func header(_ name: String) -> String? { HTTPField.Name(name).flatMap { headers[$0] } }

    /// No response: `error` says why, after `start`.
    package static func noAnswer(_ error: String, since start: ContinuousClock.Instant) -> AttemptOutcome {
        AttemptOutcome(status: nil, headers: [:], body: [], error: error, duration: ContinuousClock.now - start)
    }
}
