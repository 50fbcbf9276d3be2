import ErrorCodes

/// A webhook setting that cannot be used, with a stable code and a message that says what to fix.
package struct WebhookConfigurationError: Error, Sendable, Equatable {
    package var code: ErrorCode
    package var message: String

    package init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}
