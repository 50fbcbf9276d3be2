import Foundation
import NotificationCore
import Storage
import Testing
import WebPushService

/// A claimed batch's messages decoded once per claim: each attempt takes its message as decoded then,
/// once; a message the batch did not hold, or one taken already, is decoded when asked, and one that does
/// not decode fails with its own error.
@Suite struct DecodedMessagesTests {
    static func message(id: String, _ event: DelegateEvent) throws -> WebhookDeliveryRecord {
        var message = try StoredDelegateMessageTests.message(event, centerID: "phone")
        message.id = id
        return message
    }

    static func title(_ message: StoredDelegateMessage) -> String? {
        guard case .delivered(let delivered) = message else { return nil }
        return delivered.request.content.title
    }

    @Test func eachAttemptTakesItsMessageAsTheClaimDecodedIt() throws {
        let decoded = DecodedMessages()
        let first = try Self.message(id: "msg_1", .delivered(StoredDelegateMessageTests.notification("a", title: "First")))
        let close = try Self.message(id: "msg_2", .notificationRemoved(["a"]))
        decoded.prepare([first, close])
        // The body the attempt holds is not read again: the claim's decode is what it takes (a body changed
        // under the same id shows which one was read).
        var changed = first
        changed.payload = Data("not JSON".utf8)
        #expect(try Self.title(decoded.message(changed)) == Self.title(StoredDelegateMessage(first)))
        guard case .removed(let identifiers) = try decoded.message(close) else {
            Issue.record("a close read back as a notification")
            return
        }
        #expect(identifiers == ["a"])
        // Taken once: asked again, the message is decoded from what it holds now.
        #expect(throws: (any Error).self) { try decoded.message(changed) }
        #expect(try Self.title(decoded.message(first)) == Self.title(StoredDelegateMessage(first)))
    }

    @Test func aMessageNotInTheBatchOrNotDecodableIsReadWhenAsked() throws {
        let decoded = DecodedMessages()
        var broken = try Self.message(id: "msg_broken", .notificationRemoved(["a"]))
        broken.payload = Data("{".utf8)
        decoded.prepare([broken])
        #expect(throws: (any Error).self) { try decoded.message(broken) }
        let later = try Self.message(id: "msg_later", .delivered(StoredDelegateMessageTests.notification("b", title: "Later")))
        #expect(try Self.title(decoded.message(later)) == Self.title(StoredDelegateMessage(later)))
    }
}
