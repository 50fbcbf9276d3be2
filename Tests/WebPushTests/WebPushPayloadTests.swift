import Foundation
import StrictJSON
import TestSupport
import Testing

@testable import NotificationCore
@testable import WebPushService

/// A push's payload is written directly (`WebPushPayload.json`), byte for byte as the service's
/// `JSONEncoder` writes the same payload: the service worker reads the same document.
@Suite struct WebPushPayloadTests {
    static func expectSame(_ payload: WebPushPayload, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = String(decoding: try WireFormat.bytes(payload), as: UTF8.self)
        #expect(String(decoding: payload.json, as: UTF8.self) == expected, sourceLocation: sourceLocation)
    }

    @Test func everyFieldAsTheEncoderWritesIt() throws {
        try Self.expectSame(
            WebPushPayload(
                kind: .notification, tag: "tea", tags: ["a", "b\"c"], centerID: "phone-1", title: "Tea is ready", subtitle: "Kitchen",
                body: "Your tea has steeped\nfor four minutes. 🍵", badge: 3, thread: "kitchen", image: "/v1/web-push/attachments/x",
                timestamp: 1_800_000_000_250, silent: true, requireInteraction: true,
                actions: [
                    .init(
                        action: "reply", title: "Reply", destructive: nil, foreground: true,
                        input: .init(buttonTitle: "Send", placeholder: "…")),
                    .init(action: "delete", title: "Delete \\ now", destructive: true, foreground: nil, input: nil),
                ],
                dismissAction: true, token: "wpr_abc"))
    }

    @Test func aCloseAndAnEmptyActionListAsTheEncoderWritesThem() throws {
        try Self.expectSame(.close(["tea", "coffee"], centerID: "phone-1"))
        try Self.expectSame(.close([], centerID: ""))
        try Self.expectSame(WebPushPayload(kind: .notification, centerID: "c", actions: []))
    }

    /// 300 payloads from a seeded generator: any field present or not, text with escapes, control
    /// characters and scalars beyond the BMP.
    @Test func seededPayloadsAsTheEncoderWritesThem() throws {
        var random = SeededRandom(seed: 0x5EED_0F_7E57)
        let alphabet = Array("aZ09 -_/\"\\\n\t\u{1}\u{7F}é😀\u{2028}")
        func text() -> String { String((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! }) }
        func maybe<T>(_ make: () -> T) -> T? { Bool.random(using: &random) ? make() : nil }
        for _ in 0..<300 {
            let actions = maybe {
                (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    WebPushPayload.Action(
                        action: text(), title: text(), destructive: maybe { Bool.random(using: &random) },
                        foreground: maybe { Bool.random(using: &random) },
                        input: maybe { NotificationAction.TextInput(buttonTitle: text(), placeholder: text()) })
                }
            }
            try Self.expectSame(
                WebPushPayload(
                    kind: Bool.random(using: &random) ? .notification : .close, tag: maybe(text),
                    tags: maybe { (0..<Int.random(in: 0...3, using: &random)).map { _ in text() } }, centerID: text(), title: maybe(text),
                    subtitle: maybe(text), body: maybe(text), badge: maybe { Int.random(in: -5...Int(Int32.max), using: &random) },
                    thread: maybe(text), image: maybe(text), timestamp: maybe { Int64.random(in: 0...4_000_000_000_000, using: &random) },
                    silent: maybe { Bool.random(using: &random) }, requireInteraction: maybe { Bool.random(using: &random) },
                    actions: actions, dismissAction: maybe { Bool.random(using: &random) }, token: maybe(text)))
        }
    }

    /// Too large for a push: the image and actions go, then the end of the body.
    @Test func aPayloadTooLargeLosesItsImageAndActionsThenTheEndOfItsBody() throws {
        let long = String(repeating: "steeped ", count: 400)
        let payload = WebPushPayload(
            kind: .notification, tag: "tea", centerID: "phone-1", body: long, image: "/img",
            actions: [.init(action: "ok", title: "OK")], token: "wpr_abc")
        let small = try JSONSerialization.jsonObject(with: Data(payload.bytes(limit: 1024))) as? [String: Any]
        #expect(payload.bytes(limit: 1024).count <= 1024)
        #expect(small?["image"] == nil && small?["actions"] == nil && small?["token"] as? String == "wpr_abc")
        #expect((small?["body"] as? String)?.hasSuffix("…") == true)
        #expect(payload.bytes(limit: 8192) == payload.json)
    }
}
