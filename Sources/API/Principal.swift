import NotificationCore

/// Who is calling: the operator (admin token), an app (app key) or a user (center token).
enum Principal: Sendable, Equatable {
    case `operator`
    case app(appID: String)
    case user(CenterKey)
}
