import ErrorCodes
import Memberwise

/// `UNNotificationAttachment` as a request carries it: an uploaded media item (`mediaID`) or a URL the
/// service fetches, with the framework's options.
package struct AttachmentReference: Sendable, Hashable, Codable {
    /// A normalized rectangle (0…1 on each axis), `UNNotificationAttachmentOptionsThumbnailClippingRectKey`.
    @MemberwiseInit
    package struct ClippingRect: Sendable, Hashable, Codable {
        package var x: Double
        package var y: Double
        package var width: Double
        package var height: Double
    }

    package var identifier: String
    package var mediaID: String?
    package var url: String?
    package var typeHint: String?
    package var thumbnailHidden: Bool?
    package var thumbnailClippingRect: ClippingRect?
    /// Frame number of an animated image, or seconds into a movie.
    package var thumbnailTime: Double?
    /// Set by the service from the content (what a client sends is ignored): the UTI
    /// (`UNNotificationAttachment.type`), MIME type and size.
    package var type: String?
    package var contentType: String?
    package var size: Int?

    package init(
        identifier: String, mediaID: String? = nil, url: String? = nil, typeHint: String? = nil,
        thumbnailHidden: Bool? = nil, thumbnailClippingRect: ClippingRect? = nil, thumbnailTime: Double? = nil
    ) {
        self.identifier = identifier
        self.mediaID = mediaID
        self.url = url
        self.typeHint = typeHint
        self.thumbnailHidden = thumbnailHidden
        self.thumbnailClippingRect = thumbnailClippingRect
        self.thumbnailTime = thumbnailTime
    }

    func validate(at index: Int) throws(NotificationError) {
        let path = "`content.attachments[\(index)]`"
        guard identifier.isIdentifierOrEmpty(max: 255) else {
            throw .invalid(.invalidAttachment, "\(path).identifier must be at most 255 characters with no control character.")
        }
        if let mediaID, !mediaID.isIdentifier(max: 255) {
            throw .invalid(.attachmentNotInDataStore, "\(path).mediaID is not a media id; upload the file with POST /v1/media.")
        }
        switch (mediaID, url) {
        case (.some, .some), (nil, nil):
            throw .invalid(.attachmentInvalidURL, "\(path) needs exactly one of `mediaID` (an uploaded file) or `url`.")
        case (nil, .some(let url)):
            guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
                throw .invalid(.attachmentInvalidURL, "\(path).url must be an http or https URL; got '\(url)'.")
            }
        case (.some, nil): break
        }
        if let rect = thumbnailClippingRect {
            // Like a CGRect in unit coordinates: what lies outside the image is clipped away.
            let valid = [rect.x, rect.y, rect.width, rect.height].allSatisfy { (0...1).contains($0) } && rect.width > 0 && rect.height > 0
            guard valid else {
                throw .invalid(
                    .invalidAttachment, "\(path).thumbnailClippingRect needs x, y, width and height from 0 to 1, with a positive size.")
            }
        }
        if let time = thumbnailTime, time < 0 || !time.isFinite {
            throw .invalid(.invalidAttachment, "\(path).thumbnailTime must be 0 or more.")
        }
    }
}
