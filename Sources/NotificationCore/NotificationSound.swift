import ErrorCodes

/// `UNNotificationSound`: the default sound, a named sound, or a critical alert sound with a volume.
///
/// JSON: `{"type":"default"}`, `{"type":"named","name":"chime.caf"}`,
/// `{"type":"critical","name":"alarm.caf","volume":0.8}` (name optional: the default critical sound).
package enum NotificationSound: Sendable, Hashable, Codable {
    case `default`
    case named(String)
    case critical(name: String?, volume: Double)

    private enum CodingKeys: String, CodingKey { case type, name, volume }
    private enum Kind: String, Codable { case `default`, named, critical }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .type) {
        case .default: self = .default
        case .named: self = .named(try container.decode(String.self, forKey: .name))
        case .critical:
            self = .critical(
                name: try container.decodeIfPresent(String.self, forKey: .name),
                volume: try container.decodeIfPresent(Double.self, forKey: .volume) ?? 1
            )
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .default:
            try container.encode(Kind.default, forKey: .type)
        case .named(let name):
            try container.encode(Kind.named, forKey: .type)
            try container.encode(name, forKey: .name)
        case .critical(let name, let volume):
            try container.encode(Kind.critical, forKey: .type)
            try container.encodeIfPresent(name, forKey: .name)
            try container.encode(volume, forKey: .volume)
        }
    }

    package var isCritical: Bool {
        if case .critical = self { return true }
        return false
    }

    func validate() throws(NotificationError) {
        switch self {
        case .default: break
        case .named(let name):
            guard name.isIdentifier(max: 255) else {
                throw .invalid(.invalidSound, "`content.sound.name` must be 1 to 255 characters with no control character.")
            }
        case .critical(let name, let volume):
            guard (0...1).contains(volume) else {
                throw .invalid(.invalidSound, "`content.sound.volume` must be from 0.0 to 1.0; got \(volume).")
            }
            if let name, !name.isIdentifier(max: 255) {
                throw .invalid(
                    .invalidSound, "`content.sound.name` must be 1 to 255 characters, or absent for the default critical sound.")
            }
        }
    }
}
