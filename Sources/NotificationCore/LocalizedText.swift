import Memberwise

/// A text to be looked up in the app's string tables at delivery, in the center's locale
/// (`localizedUserNotificationString(forKey:arguments:)`, APNs `loc-key` / `loc-args`).
@MemberwiseInit
package struct LocalizedText: Sendable, Hashable, Codable {
    package var key: String
    package var arguments: [String] = []

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        arguments = try container.decodeIfPresent([String].self, forKey: .arguments) ?? []
    }

    private enum CodingKeys: String, CodingKey { case key, arguments }
}
