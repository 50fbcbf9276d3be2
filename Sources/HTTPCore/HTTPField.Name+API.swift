import HTTPTypes

/// The header fields the API reads or writes that swift-http-types does not name.
extension HTTPField.Name {
    /// RFC 7240: a client's preferences (`wait=N` for a prompt's answer).
    package static let prefer = HTTPField.Name("Prefer")!
    package static let preferenceApplied = HTTPField.Name("Preference-Applied")!
    /// A POST's key for a safe retry, and the mark on an answer replayed for it.
    package static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    package static let idempotentReplayed = HTTPField.Name("Idempotent-Replayed")!
    /// The IETF draft's rate-limit fields.
    package static let rateLimit = HTTPField.Name("RateLimit")!
    package static let rateLimitPolicy = HTTPField.Name("RateLimit-Policy")!
    /// Where an event stream resumes (Server-Sent Events).
    package static let lastEventID = HTTPField.Name("Last-Event-ID")!
    /// The console's framing and isolation rules.
    package static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    package static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    package static let crossOriginOpenerPolicy = HTTPField.Name("Cross-Origin-Opener-Policy")!
    /// APNs' id of a notification, which the APNs-compatible push endpoint answers with.
    package static let apnsID = HTTPField.Name("apns-id")!
    /// Apple's broadcast channels: the channel a call is about, and the id of the call.
    package static let apnsChannelID = HTTPField.Name("apns-channel-id")!
    package static let apnsRequestID = HTTPField.Name("apns-request-id")!
    /// APNs' name for a published message, to look it up by (here: the broadcast, `Broadcast.uniqueID`).
    package static let apnsUniqueID = HTTPField.Name("apns-unique-id")!
}
