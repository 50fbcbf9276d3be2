import ErrorCodes

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
