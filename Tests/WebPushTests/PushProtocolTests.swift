import Foundation
import HTTPTypes
import Testing
import WebPush

@Suite struct PushProtocolTests {
    @Test func base64URLIsFoundationsBase64WithTheURLAlphabetAndNoPadding() {
        for length in 0..<40 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255) }
            let foundation = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(bytes) == foundation)
            // Contiguous or not (a digest, a lazy map), the same text.
            #expect(Base64URL.encode(Data(bytes)) == foundation && Base64URL.encode(bytes.lazy.map { $0 }) == foundation)
            #expect(
                Base64URL.decode(foundation) == bytes
                    && Base64URL.decode(foundation + String(repeating: "=", count: (4 - foundation.count % 4) % 4)) == bytes)
        }
        #expect(
            Base64URL.decode("A") == nil && Base64URL.decode("a+b/") == nil && Base64URL.decode("AB") == nil,
            "not canonical: AB has stray bits")
        #expect(Base64URL.decode("AA") == [0])
    }

    @Test(arguments: [
        (201, PushServiceAnswer.sent), (202, .sent), (200, .sent), (404, .gone), (410, .gone), (413, .tooLarge),
        (429, .retry), (500, .retry), (503, .retry), (400, .rejected), (401, .rejected), (403, .rejected), (301, .rejected),
    ])
    func everyStatusHasItsMeaning(status: Int, answer: PushServiceAnswer) {
        #expect(PushServiceAnswer(status: status) == answer)
    }

    @Test func theHeadersCarryTTLUrgencyAndATopicThatHidesTheIdentifier() {
        let topic = PushHeaders.topic(for: "order-4711-shipped")
        #expect(topic.count == 32 && topic.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(topic == PushHeaders.topic(for: "order-4711-shipped") && topic != PushHeaders.topic(for: "order-4712-shipped"))
        let headers = PushHeaders(ttl: -5, urgency: .high, topic: topic)
        let fields = Dictionary(uniqueKeysWithValues: headers.fields.map { ($0.name.rawName, $0.value) })
        #expect(
            fields == [
                "TTL": "0", "Urgency": "high", "Topic": topic, "Content-Encoding": "aes128gcm", "Content-Type": "application/octet-stream",
            ])
        #expect(PushHeaders(ttl: 60, urgency: .veryLow).fields[.urgency] == "very-low")
        #expect(PushHeaders(ttl: 60, urgency: .normal).fields[.topic] == nil)
        let request = headers.request(authorization: "vapid t=x, k=y")
        #expect(request[.authorization] == "vapid t=x, k=y" && request[.contentType] == nil && request[.ttl] == "0")
    }

    @Test(arguments: [
        ("https://fcm.googleapis.com/fcm/send/x", true), ("https://updates.push.services.mozilla.com/wpush/v2/x", true),
        ("https://web.push.apple.com/QGx", true), ("https://wns2-by3p.notify.windows.com/w/?token=x", true),
        ("http://fcm.googleapis.com/fcm/send/x", false), ("https://fcm.googleapis.com.evil.example/x", false),
        ("https://evil-googleapis.com/x", false), ("https://user:pw@fcm.googleapis.com/x", false),
        ("https://127.0.0.1/x", false), ("http://127.0.0.1:8099/push/1", true), ("http://127.0.0.1:8100/push/1", false),
        ("https://push.example.net/p/1", true), ("https://a.push.example.net/p/1", false),
        // FCM's host alone of Google's, on 443 alone unless the operator names an origin with its port.
        ("https://storage.googleapis.com/bucket/x", false), ("https://oauth2.googleapis.com/token", false),
        ("https://fcm.googleapis.com:443/fcm/send/x", true), ("https://fcm.googleapis.com:8443/fcm/send/x", false),
        ("https://updates.push.services.mozilla.com:22/x", false),
    ])
    func onlyKnownPushServicesAreAllowed(endpoint: String, allowed: Bool) throws {
        let list = try PushServiceAllowList(adding: ["http://127.0.0.1:8099", "push.example.net"])
        #expect(list.allows(try #require(URL(string: endpoint))) == allowed)
    }

    @Test func anAdditionThatIsNeitherAHostNorAnOriginIsRefused() {
        #expect(throws: PushServiceAllowList.Invalid(entry: "http://127.0.0.1:8099/path")) {
            try PushServiceAllowList(adding: ["http://127.0.0.1:8099/path"])
        }
        #expect(throws: PushServiceAllowList.Invalid(entry: "push service")) { try PushServiceAllowList(adding: ["push service"]) }
        #expect((try? PushServiceAllowList(adding: ["*.push.example.net", " "]))?.hosts.last == "*.push.example.net")
    }
}
