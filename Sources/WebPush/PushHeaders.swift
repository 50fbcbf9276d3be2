import Crypto
import HTTPTypes

/// The RFC 8030 header fields of one push message, beside `Authorization` and the body's.
package struct PushHeaders: Equatable, Sendable {
    /// RFC 8030 §5.3: how the push service may delay it for the device's battery.
    package enum Urgency: String, Sendable {
        case veryLow = "very-low"
        case low, normal, high
    }

    /// Seconds the push service keeps the message for a device that is offline (0: deliver now or never).
    package var ttl: Int
    package var urgency: Urgency
    /// Replaces a message with the same topic still queued at the push service (RFC 8030 §5.4).
    package var topic: String?

    package init(ttl: Int, urgency: Urgency, topic: String? = nil) {
        self.ttl = max(0, ttl)
        self.urgency = urgency
        self.topic = topic
    }

    /// A topic for a notification request's identifier: 32 base64url characters (the most RFC 8030
    /// allows) of its SHA-256, so that an update replaces the queued one and the identifier stays private.
    package static func topic(for identifier: String) -> String {
        String(Base64URL.encode(SHA256.hash(data: Array(identifier.utf8))).prefix(32))
    }

    /// The fields, with the body's `Content-Encoding` and `Content-Type`.
    package var fields: HTTPFields {
        var fields: HTTPFields = [
            .ttl: String(ttl), .urgency: urgency.rawValue, .contentEncoding: "aes128gcm", .contentType: "application/octet-stream",
        ]
        if let topic { fields[.topic] = topic }
        return fields
    }

    /// What a push request carries beside its body: `Authorization` (VAPID) and the fields, but not
    /// `Content-Type`, which the sender sets with the body.
    package func request(authorization: String) -> HTTPFields {
        var request = fields
        request[.contentType] = nil
        request[.authorization] = authorization
        return request
    }

    package static func == (lhs: PushHeaders, rhs: PushHeaders) -> Bool {
        lhs.ttl == rhs.ttl && lhs.urgency == rhs.urgency && lhs.topic == rhs.topic
    }
}

/// RFC 8030's fields.
extension HTTPField.Name {
    package static let ttl = HTTPField.Name("TTL")!
    package static let urgency = HTTPField.Name("Urgency")!
    package static let topic = HTTPField.Name("Topic")!
}
