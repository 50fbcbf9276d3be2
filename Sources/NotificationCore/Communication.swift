import ErrorCodes
import Memberwise

/// What makes a notification a communication notification (`INSendMessageIntent` donated in the
/// service extension, `content.updating(from:)`): who sent it and in which conversation. It breaks
/// through a Scheduled Summary when `directMessagesSetting` is enabled, and through a Focus whose
/// allowed people include the sender's handle.
@MemberwiseInit
package struct Communication: Sendable, Hashable, Codable {
    /// `INPerson`: the sender.
    @MemberwiseInit
    package struct Person: Sendable, Hashable, Codable {
        /// `INPersonHandle`'s value: an e-mail address, a phone number or an app's own account id.
        package var handle: String
        package var displayName: String?
        /// The sender's avatar, an http(s) URL.
        package var imageURL: String?
    }

    package var sender: Person
    package var conversationIdentifier: String?
    /// `speakableGroupName`: the name of a group conversation.
    package var groupName: String?

    func validate() throws(NotificationError) {
        guard sender.handle.isIdentifier(max: 255) else {
            throw .invalid(.invalidContent, "`content.communication.sender.handle` must be 1 to 255 characters with no control character.")
        }
        for (name, value) in [
            ("sender.displayName", sender.displayName), ("conversationIdentifier", conversationIdentifier), ("groupName", groupName),
        ] {
            if let value, !value.isIdentifierOrEmpty(max: 255) {
                throw .invalid(.invalidContent, "`content.communication.\(name)` must be at most 255 characters with no control character.")
            }
        }
        if let url = sender.imageURL {
            let lower = url.lowercased()
            guard url.utf8.count <= 2048, lower.hasPrefix("https://") || lower.hasPrefix("http://"), url.isIdentifier(max: 2048) else {
                throw .invalid(.invalidContent, "`content.communication.sender.imageURL` must be an http(s) URL of at most 2048 bytes.")
            }
        }
    }
}
