import ErrorCodes
import Memberwise

/// `UNNotificationAction`, or `UNTextInputNotificationAction` when `textInput` is set.
@MemberwiseInit
package struct NotificationAction: Sendable, Hashable, Codable {
    package enum Option: String, Sendable, Hashable, Codable, CaseIterable {
        case authenticationRequired, destructive, foreground
    }

    @MemberwiseInit
    package struct TextInput: Sendable, Hashable, Codable {
        package var buttonTitle: String
        package var placeholder: String
    }

    /// `UNNotificationActionIcon`: an image in the app's assets or an SF Symbol name.
    package struct Icon: Sendable, Hashable, Codable {
        package var templateImageName: String?
        package var systemImageName: String?
    }

    package var identifier: String
    package var title: String
    package var options: Set<Option> = []
    package var textInput: TextInput?
    package var icon: Icon?

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .identifier)
        title = try container.decode(String.self, forKey: .title)
        options = try container.decodeIfPresent(Set<Option>.self, forKey: .options) ?? []
        textInput = try container.decodeIfPresent(TextInput.self, forKey: .textInput)
        icon = try container.decodeIfPresent(Icon.self, forKey: .icon)
    }

    private enum CodingKeys: String, CodingKey { case identifier, title, options, textInput, icon }

    func validate(path: String) throws(NotificationError) {
        guard identifier.isIdentifier(max: 255) else {
            throw .invalid(.invalidCategory, "\(path).identifier must be 1 to 255 characters with no control character.")
        }
        guard identifier != NotificationResponse.defaultActionIdentifier, identifier != NotificationResponse.dismissActionIdentifier else {
            throw .invalid(
                .invalidCategory, "\(path).identifier '\(identifier)' is reserved for the system's default and dismiss actions.")
        }
        guard !title.isEmpty, title.codePoints <= 255 else {
            throw .invalid(.invalidCategory, "\(path).title must be 1 to 255 characters (Unicode code points).")
        }
    }
}
