import Memberwise

/// What one call of an attempt came back with, whatever the channel: the status, headers and body of
/// the answer, or why none came, and how long it took.
@MemberwiseInit
package struct AttemptOutcome: Sendable {
    /// nil when no response came (refused by the SSRF guard, connection error, timeout, nothing to send).
    package var status: Int?
    /// The answer's fields as they came, read by name with `header(_:)`: made into `HTTPFields` (each
    /// name and value checked) they were ~3 % of a webhook's CPU, for the one or two a rule reads.
    package var headers: [(name: String, value: String)]
    package var body: [UInt8]
    package var error: String?
    package var duration: Duration

    /// The first value of the field `name` (for the pure rules that read an answer by name).
    package func header(_ name: String) -> String? {
        headers.first { Self.same($0.name, name) }?.value
    }

    /// Field names compare without regard to ASCII case (RFC 9110 §5.1).
    private static func same(_ one: String, _ other: String) -> Bool {
        func lowered(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }
        return one.utf8.count == other.utf8.count && zip(one.utf8, other.utf8).allSatisfy { lowered($0) == lowered($1) }
    }

    /// No response: `error` says why, after `start`.
    package static func noAnswer(_ error: String, since start: ContinuousClock.Instant) -> AttemptOutcome {
        AttemptOutcome(status: nil, headers: [], body: [], error: error, duration: ContinuousClock.now - start)
    }
}
