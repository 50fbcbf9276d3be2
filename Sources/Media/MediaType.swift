/// A supported attachment type: its UTI (as `UNNotificationAttachment.type` reports it), MIME type and kind.
package struct MediaType: Sendable, Hashable {
    package var uti: String
    package var mimeType: String
    package var kind: MediaKind

    package static let jpeg = MediaType(uti: "public.jpeg", mimeType: "image/jpeg", kind: .image)
    package static let png = MediaType(uti: "public.png", mimeType: "image/png", kind: .image)
    package static let gif = MediaType(uti: "com.compuserve.gif", mimeType: "image/gif", kind: .image)
    package static let heic = MediaType(uti: "public.heic", mimeType: "image/heic", kind: .image)
    package static let aiff = MediaType(uti: "public.aiff-audio", mimeType: "audio/aiff", kind: .audio)
    package static let wav = MediaType(uti: "com.microsoft.waveform-audio", mimeType: "audio/wav", kind: .audio)
    package static let mp3 = MediaType(uti: "public.mp3", mimeType: "audio/mpeg", kind: .audio)
    package static let m4a = MediaType(uti: "public.mpeg-4-audio", mimeType: "audio/mp4", kind: .audio)
    package static let mpeg = MediaType(uti: "public.mpeg", mimeType: "video/mpeg", kind: .video)
    package static let mpeg2 = MediaType(uti: "public.mpeg-2-video", mimeType: "video/mpeg", kind: .video)
    package static let mpeg2Transport = MediaType(uti: "public.mpeg-2-video", mimeType: "video/mp2t", kind: .video)
    package static let mp4 = MediaType(uti: "public.mpeg-4", mimeType: "video/mp4", kind: .video)
    package static let avi = MediaType(uti: "public.avi", mimeType: "video/x-msvideo", kind: .video)

    package static let all: [MediaType] = [.jpeg, .png, .gif, .heic, .aiff, .wav, .mp3, .m4a, .mpeg, .mpeg2, .mpeg2Transport, .mp4, .avi]

    /// The type with this UTI (a `typeHint`), if supported.
    package static func named(_ uti: String) -> MediaType? {
        all.first { $0.uti == uti }
    }
}
