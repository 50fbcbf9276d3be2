import ErrorCodes

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
