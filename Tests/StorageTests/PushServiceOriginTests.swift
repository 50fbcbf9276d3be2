import Foundation
import NotificationCore
import Storage
import Testing
import WebPush

/// A subscription's push service origin, worked out once per service, is what the endpoint's URL says.
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
    }
}
