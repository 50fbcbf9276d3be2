import Crypto

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
    package var fields: [(name: String, value: String)] {
        var fields = [
            ("TTL", String(ttl)), ("Urgency", urgency.rawValue), ("Content-Encoding", "aes128gcm"),
            ("Content-Type", "application/octet-stream"),
        ]
        if let topic { fields.append(("Topic", topic)) }
        return fields
    }

    package static func == (lhs: PushHeaders, rhs: PushHeaders) -> Bool {
        lhs.ttl == rhs.ttl && lhs.urgency == rhs.urgency && lhs.topic == rhs.topic
    }
}
