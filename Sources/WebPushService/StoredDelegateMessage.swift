import Foundation
import HTTPCore
import NotificationCore
import Storage
import StrictJSON
import Synchronization
import Webhooks

/// What an outbox message to a browser or a phone carries, read back from the event's webhook body (as
/// the change's transaction wrote it, in the wire format): a notification to show, or the identifiers of
/// notifications to close.
package enum StoredDelegateMessage: Sendable {
    case delivered(DeliveredNotification)
    case removed([String])

    package init(_ message: WebhookDeliveryRecord) throws {
        // A broadcast's messages differ only in the center's id, which comes first in the body and which
        // nothing here reads: what follows it decides the message, so a run of them is decoded once.
        let rest = Self.afterCenterID(message.payload)
        if let rest, let known = Self.last.withLock({ $0?.message(type: message.type, rest: rest) }) {
            self = known
            return
        }
        if let read = Self.read(message.payload, type: message.type) {
            self = read
        } else {
            // Not read by `WireReader`: `JSONDecoder` reads it, or says what is wrong with it.
            switch message.type {
            case .notificationRemoved: self = .removed(try Self.decoder.decode(Removed.self, from: message.payload).data.identifiers)
            default: self = .delivered(try Self.decoder.decode(Delivered.self, from: message.payload).data.notification)
            }
        }
        if let rest { Self.last.withLock { [self] in $0 = Decoded(type: message.type, rest: rest, message: self) } }
    }

    /// The message read with `WireReader` (`DeliveredNotification.init(wire:decoder:)`), as `JSONDecoder`
    /// reads it; nil where the reader declines (then `JSONDecoder` reads it, or says what is wrong).
    package static func read(_ body: Data, type: WebhookEventType) -> StoredDelegateMessage? {
        var reader = WireReader(Array(body))
        var message: StoredDelegateMessage?
        do {
            try reader.members { reader, name in
                guard name == "data" else { return try reader.skip() }
                try reader.members { reader, name in
                    switch name {
                    case "identifiers" where type == .notificationRemoved: message = .removed(try reader.strings())
                    case "notification" where type != .notificationRemoved:
                        message = .delivered(try DeliveredNotification(wire: &reader, decoder: decoder))
                    default: try reader.skip()
                    }
                }
            }
            try reader.end()
        } catch {
            return nil
        }
        return message
    }

    /// Whom the receipt of this message to `destination` (a browser's subscription or a phone's
    /// registration) is about: a notification's delivery; nil for a close or removal.
    package func receiptTarget(center: CenterKey, destination: String, channel: WebhookDeliveryRecord.Destination) -> ReceiptTarget? {
        guard case .delivered(let delivered) = self else { return nil }
        return ReceiptTarget(
            center: center, identifier: delivered.request.identifier, deliveredAt: delivered.date, destination: destination,
            channel: channel)
    }

    /// The body after `{"data":{"centerID":"…"`, as `WebhookMessage` writes every center's event
    /// (`centerBodyPrefix`); nil for a body that does not begin so.
    package static func afterCenterID(_ body: Data) -> Data? {
        // Read in place: `Data`'s generic indices cost ~0.5 % of a relay's CPU, paid by every message.
        let end: Int? = body.withUnsafeBytes { bytes in
            let prefix = WebhookMessage.centerBodyPrefix
            guard bytes.count > prefix.count, bytes.starts(with: prefix), bytes[prefix.count] == UInt8(ascii: "\"") else { return nil }
            var escaped = false
            for offset in (prefix.count + 1)..<bytes.count {
                let byte = bytes[offset]
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    return offset + 1
                }
            }
            return nil
        }
        return end.map { body[(body.startIndex + $0)...] }
    }

    /// The message last decoded, by its type and its body after the center's id.
    private struct Decoded: Sendable {
        var type: WebhookEventType
        var rest: Data
        var message: StoredDelegateMessage

        func message(type: WebhookEventType, rest: Data) -> StoredDelegateMessage? {
            type == self.type && rest == self.rest ? message : nil
        }
    }

    private static let last = Mutex<Decoded?>(nil)

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = RFC3339.date(from: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not RFC 3339: \(text)"))
            }
            return date
        }
        return decoder
    }()

    private struct Delivered: Decodable {
        struct Data: Decodable { var notification: DeliveredNotification }
        var data: Data
    }

    private struct Removed: Decodable {
        struct Data: Decodable { var identifiers: [String] }
        var data: Data
    }
}
