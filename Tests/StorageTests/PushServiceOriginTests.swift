import Foundation
import NotificationCore
import Storage
import Testing
import WebPush

/// A subscription's push service origin and VAPID audience, worked out once per service, are what the
/// endpoint's URL says.
@Suite struct PushServiceOriginTests {
    @Test(arguments: [
        "https://fcm.googleapis.com/fcm/send/abc:def",
        "https://FCM.googleapis.com/fcm/send/other",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
        "https://web.push.apple.com:443/QGuQ",
        "http://127.0.0.1:8443/push/1",
        "http://127.0.0.1:8444/push/1",
        "https://[::1]:9000/push",
        "https://push.example?token=/x",
        "https://push.example#/fragment",
        "https://user@push.example/path",
    ])
    func theOriginIsTheURLs(_ endpoint: String) throws {
        let subscription = PushSubscriptionRecord(
            center: CenterKey(appID: "app", centerID: "phone"), endpoint: endpoint, p256dh: "", auth: "", expirationTime: nil,
            vapidKeyID: "vk", createdAt: Date())
        let expected = try #require(URL(string: endpoint).flatMap(VAPID.audience(of:)))
        // Twice: the second from what the first worked out.
        #expect(subscription.pushServiceOrigin == expected)
        #expect(subscription.pushServiceOrigin == expected)
        #expect(subscription.vapidAudience == expected)
    }

    /// An endpoint that is no URL has no audience (a push to it fails, not signed for something else), and
    /// is its own lane; twice, the second from what the first worked out.
    @Test func anEndpointThatIsNoURLHasNoAudience() {
        let subscription = PushSubscriptionRecord(
            center: CenterKey(appID: "app", centerID: "phone"), endpoint: "not a url", p256dh: "", auth: "", expirationTime: nil,
            vapidKeyID: "vk", createdAt: Date())
        for _ in 0..<2 {
            #expect(subscription.vapidAudience == nil)
            #expect(subscription.pushServiceOrigin == "not a url")
        }
    }
}
