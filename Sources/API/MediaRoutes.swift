import Clocks
import ErrorCodes
import Foundation
import HTTPCore
import HTTPTypes
import Media
import NotificationCore
import NotificationService
import Scheduling
import Storage

/// Media for attachments: the app uploads (the raw body, streamed to disk) or has URLs fetched at `add`;
/// the user's center downloads the attachments of its delivered notifications, with ranges.
enum MediaRoutes {
    struct MediaView: Codable, Sendable {
        var id: String
        var type: String
        var contentType: String
        var size: Int
        var sha256: String
        var createdAt: Date
        /// Attached to a request at least once: it now lives as long as a request or notification holds it.
        var attached: Bool
        var holders: Int

        init(_ media: MediaRecord) {
            id = media.id
            type = media.uti
            contentType = media.mimeType
            size = media.size
            sha256 = media.sha256
            createdAt = media.createdAt
            attached = media.attached
            holders = media.holds
        }
    }

    struct Usage: Codable, Sendable {
        var count: Int
        var bytes: Int
        var quotaBytes: Int
    }

    static let uploadTooLarge = APIProblem.uploadTooLarge(limit: MediaKind.largestBytes)

    static func register(on router: inout Router, _ provider: APIContextProvider) {
        router.on(.post, "/v1/media", body: .spooled(maxBytes: MediaKind.largestBytes, tooLarge: uploadTooLarge)) { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            guard let upload = request.spooledBody else { throw Problem.badRequest("Send the file as the request body.") }
            let (media, created) = try await context.media.ingest(
                appID: appID, path: upload.path, typeHint: request.queryValue("typeHint"), at: context.clock.now)
            // The same content uploaded before is the same media: 200 instead of 201.
            return try .json(MediaView(media), status: created ? .created : .ok, headers: [.location: "/v1/media/\(media.id)"])
        }
        router.on(.get, "/v1/media") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            let usage = try await context.media.usage(appID: appID)
            return try .json(Usage(count: usage.count, bytes: usage.bytes, quotaBytes: context.media.quota))
        }
        router.on(.get, "/v1/media/{mediaID}") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            return try .json(MediaView(try await media(request.parameter("mediaID"), appID: appID, context)))
        }
        router.on(.get, "/v1/media/{mediaID}/content") { request in
            let (context, appID) = try await AppRoutes.app(request, provider)
            return try await download(try await media(request.parameter("mediaID"), appID: appID, context), request, context)
        }
        router.on(.get, "/v1/me/delivered/{identifier}/attachments/{attachmentID}") { request in
            let (context, key) = try await UserRoutes.user(request, provider)
            return try await attachment(
                request.parameter("attachmentID"), of: request.parameter("identifier"), center: key, request, context)
        }
    }

    /// The file of an attachment of a delivered notification, as the device downloads it.
    static func attachment(
        _ attachmentID: String, of identifier: String, center key: CenterKey, _ request: Request, _ context: APIContext
    ) async throws -> Response {
        let notification = try await context.service.deliveredNotification(key, identifier: identifier)
        guard let attachment = notification.request.content.attachments?.first(where: { $0.identifier == attachmentID }),
            let mediaID = attachment.mediaID, let media = try await context.media.media(appID: key.appID, id: mediaID)
        else {
            throw APIProblem.notFound(.attachmentNotFound, "Notification '\(identifier)' has no attachment '\(attachmentID)'.")
        }
        return try await download(media, request, context)
    }

    private static func media(_ id: String, appID: String, _ context: APIContext) async throws -> MediaRecord {
        guard let media = try await context.media.media(appID: appID, id: id) else {
            throw APIProblem.notFound(.attachmentNotInDataStore, NotificationError.attachmentNotInDataStore(id).message)
        }
        return media
    }

    /// The file, whole or the asked range, with its type, validator and length; 304 when the client has it.
    private static func download(_ media: MediaRecord, _ request: Request, _ context: APIContext) async throws -> Response {
        let etag = "\"\(media.sha256)\""
        var headers: HTTPFields = [
            .contentType: media.mimeType, .acceptRanges: "bytes", .eTag: etag, .cacheControl: "private, max-age=31536000, immutable",
        ]
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag })
            == true
        {
            return Response(status: .notModified, headers: headers)
        }
        // A range applies only to the representation the client has (If-Range), else the whole file.
        let rangeHeader = request.headers.first(.ifRange).map { $0 == etag } ?? true ? request.headers.first(.range) : nil
        let range = ByteRange(header: rangeHeader, length: media.size)
        if case .unsatisfiable = range {
            headers[.contentRange] = "bytes */\(media.size)"
            return APIProblem.rangeNotSatisfiable(size: media.size, headers: headers).response
        }
        guard let descriptor = try await context.media.open(media) else {
            throw APIProblem.notFound(.attachmentNotInDataStore, "The file of media '\(media.id)' is gone.")
        }
        guard case .part(let part) = range else {
            return Response(
                status: 200, headers: headers, body: .file(FileRegion(descriptor: descriptor, offset: 0, count: media.size)))
        }
        headers[.contentRange] = "bytes \(part.lowerBound)-\(part.upperBound)/\(media.size)"
        return Response(
            status: 206, headers: headers, body: .file(FileRegion(descriptor: descriptor, offset: part.lowerBound, count: part.count)))
    }
}
