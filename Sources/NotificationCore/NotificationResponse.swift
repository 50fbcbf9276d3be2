import ErrorCodes

/// `UNNotificationResponse` / `UNTextInputNotificationResponse`: what the user did with a notification.
package struct NotificationResponse: Sendable, Hashable, Codable {
    /// `UNNotificationDefaultActionIdentifier`: the user opened the app from the notification.
    package static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
    /// `UNNotificationDismissActionIdentifier`: the user dismissed it explicitly.
    package static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"
    /// The longest `userText`, in code points: a text-input action is for a short reply, and what is typed
    /// travels on in a webhook.
    package static let userTextLimit = 4000

    package var actionIdentifier: String
    /// Text typed for a text-input action; required for those and refused for the others.
    package var userText: String?

    package init(actionIdentifier: String, userText: String? = nil) {
        self.actionIdentifier = actionIdentifier
        self.userText = userText
    }
}

/// What happens with a valid response.
package struct ResponseDisposition: Sendable, Hashable {
    /// Goes to the app's `didReceive` delegate.
    package var forwardToDelegate: Bool
    /// Leaves the delivered list (dismiss).
    package var removesNotification: Bool
    /// The action the user chose, when it is one of the category's.
    package var action: NotificationAction?
    /// What the category's content extension answered, when one was asked.
    package var contentExtension: ContentExtensionResponseOption?

    /// The disposition once the content extension answered (B12): `doNotDismiss` keeps the notification
    /// and forwards nothing, `dismiss` removes it and forwards nothing, `dismissAndForwardAction` removes
    /// it and forwards the response to the app's delegate.
    package func answered(by option: ContentExtensionResponseOption) -> ResponseDisposition {
        ResponseDisposition(
            forwardToDelegate: option == .dismissAndForwardAction, removesNotification: option != .doNotDismiss, action: action,
            contentExtension: option)
    }
}

/// `UNNotificationContentExtensionResponseOption`: a content extension's answer to an action.
package enum ContentExtensionResponseOption: String, Sendable, Hashable, Codable, CaseIterable {
    case doNotDismiss, dismiss, dismissAndForwardAction
}

/// The `didReceive` validation rules, as a pure function.
package enum ResponseRules {
    package static func validate(
        _ response: NotificationResponse, category: NotificationCategory?, locked: Bool
    ) throws(NotificationError) -> ResponseDisposition {
        switch response.actionIdentifier {
        case NotificationResponse.defaultActionIdentifier:
            try refuseText(response, "the default action")
            // Opening the app from a notification clears it from Notification Center, as iOS does.
            return ResponseDisposition(forwardToDelegate: true, removesNotification: true, action: nil)
        case NotificationResponse.dismissActionIdentifier:
            try refuseText(response, "the dismiss action")
            let forwarded = category?.options.contains(.customDismissAction) ?? false
            return ResponseDisposition(forwardToDelegate: forwarded, removesNotification: true, action: nil)
        default:
            guard let category, let action = category.action(response.actionIdentifier) else {
                let known = (category?.actions.map(\.identifier) ?? []).map { "'\($0)'" }.joined(separator: ", ")
                throw .invalid(
                    .unknownAction,
                    "`actionIdentifier` '\(response.actionIdentifier)' is not an action of this notification's category; use the default or dismiss action"
                        + (known.isEmpty ? "." : " or one of \(known).")
                )
            }
            if action.textInput != nil {
                guard let text = response.userText else {
                    throw .invalid(
                        .userTextRequired,
                        "Action '\(action.identifier)' takes text input: send `userText` (an empty string if none was typed).")
                }
                guard text.codePoints <= NotificationResponse.userTextLimit else {
                    throw .invalid(
                        .userTextTooLong,
                        "`userText` has \(text.codePoints) characters; a reply may have at most \(NotificationResponse.userTextLimit).")
                }
            } else {
                try refuseText(response, "action '\(action.identifier)', which has no text input")
            }
            if action.options.contains(.authenticationRequired), locked {
                throw NotificationError(
                    code: .authenticationRequired, kind: .forbidden,
                    message:
                        "Action '\(action.identifier)' requires an unlocked device; unlock the center (updateCenterState locked=false) first."
                )
            }
            // Choosing an action clears the notification too, unless a content extension keeps it up
            // (`doNotDismiss`, see `answered(by:)`).
            return ResponseDisposition(forwardToDelegate: true, removesNotification: true, action: action)
        }
    }

    private static func refuseText(_ response: NotificationResponse, _ what: String) throws(NotificationError) {
        if response.userText != nil {
            throw .invalid(.userTextNotAllowed, "`userText` is only for text-input actions, not for \(what).")
        }
    }
}
