import Foundation

/// The service's JSON as it goes out: sorted keys, slashes unescaped, dates as RFC 3339 with
/// milliseconds. Responses, stored event payloads and webhook bodies all use it.
package enum WireFormat {
    package static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        }
        return encoder
    }()

    /// `value` encoded, as bytes.
    package static func bytes(_ value: some Encodable) throws -> [UInt8] { Array(try encoder.encode(value)) }
}
