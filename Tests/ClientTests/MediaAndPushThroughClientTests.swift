import Foundation
import OpenAPIRuntime
import TestSupport
import Testing
import UserNotifyClient

/// Attachments and pushes through the generated client: a binary upload, an attachment by media id, the
/// user's ranged download, and an APNs push with its headers and custom keys.
@Suite struct MediaAndPushThroughClientTests {
    @Test func uploadAttachDownloadAndPush() async throws {
        let server = try await ClientServer()
        let app = try await server.operatorClient.createApp(body: .json(.init(name: "Photos", authorizationPolicy: .grant))).created.body
            .json
        let appClient = server.client(token: try await server.operatorClient.createAppKey(path: .init(appID: app.id)).created.body.json.key)
        let created = try await appClient.createCenter(body: .json(.init(id: "phone"))).created.body.json
        let user = server.client(token: created.token)
        _ = try await appClient.requestAuthorization(path: .init(centerID: "phone"), body: .json(.init(options: [.alert, .badge])))

        let png = MediaSamples.png(padding: 64)
        let media = try await appClient.uploadMedia(query: .init(typeHint: "public.png"), body: .binary(HTTPBody(png))).created.body.json
        #expect(media._type == "public.png" && media.contentType == "image/png" && media.size == png.count)
        let usage = try await appClient.getMediaUsage().ok.body.json
        #expect(usage.bytes == png.count)

        let request = Components.Schemas.NotificationRequest(
            identifier: "photo", content: .init(title: "New photo", attachments: [.init(identifier: "p", mediaID: media.id)]))
        let added = try await appClient.addNotificationRequest(path: .init(centerID: "phone"), body: .json(request)).created.body.json
        #expect(added.delivered?.request.content.attachments?.first?._type == "public.png")

        // (swift-openapi-runtime percent-encodes header values, `Range: bytes%3D0-7`: ranges are tested over
        // raw HTTP in AttachmentTests.)
        let file = try await user.downloadAttachment(path: .init(identifier: "photo", attachmentID: "p")).ok
        #expect(file.headers.acceptRanges == "bytes")
        guard case .any(let body) = file.body else { throw LoopbackConnection.Failure("no body") }
        #expect(try await [UInt8](collecting: body, upTo: 1024) == png)

        let token = try await appClient.getPushToken(path: .init(centerID: "phone")).ok.body.json.token
        var payload = Components.Schemas.APNsPayload(aps: .init(alert: .case1("Pushed"), badge: 3))
        payload.additionalProperties = try .init(unvalidatedValue: ["album": "Holidays"])
        let pushed = try await appClient.sendPush(
            path: .init(deviceToken: token),
            headers: .init(apnsTopic: app.id, apnsPushType: .alert, apnsPriority: ._10, apnsCollapseId: "album"),
            body: .json(payload)
        ).ok
        #expect(pushed.headers.apnsId?.count == 36)
        _ = try await server.operatorClient.setClock(body: .json(.ClockAdvance(.init(advanceBy: 0)))).ok.body.json
        let delivered = try await appClient.getDeliveredNotifications(path: .init(centerID: "phone")).ok.body.json.notifications
        let push = try #require(delivered.first { $0.request.identifier == "album" })
        #expect(push.request.content.body == "Pushed" && push.request.content.badge == 3)
        let album = push.request.content.userInfo?.value["album"] as? String
        #expect(album == "Holidays")
        try await server.stop()
    }
}
