/// The three kinds of media the framework attaches, with its size caps (`UNNotificationAttachment`,
/// Table 1). Sizes are decimal megabytes, as Apple states sizes: 10 MB = 10,000,000 bytes.
package enum MediaKind: String, Sendable, Hashable, Codable, CaseIterable {
    case image, audio, video

    package var maxBytes: Int {
        switch self {
        case .image: 10_000_000
        case .audio: 5_000_000
        case .video: 50_000_000
        }
    }

    /// The largest file of any kind: the most an upload may carry.
    package static let largestBytes = allCases.map(\.maxBytes).max()!
}
