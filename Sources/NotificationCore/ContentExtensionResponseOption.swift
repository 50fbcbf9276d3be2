import ErrorCodes

/// `UNNotificationContentExtensionResponseOption`: a content extension's answer to an action.
package enum ContentExtensionResponseOption: String, Sendable, Hashable, Codable, CaseIterable {
    case doNotDismiss, dismiss, dismissAndForwardAction
}
