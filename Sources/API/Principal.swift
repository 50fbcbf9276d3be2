import NotificationCore

/// Who is calling: the operator (admin token), a reader of the operator API (admin read token), an app
/// (app key) or a user (center token).
enum Principal: Sendable, Equatable {
    case `operator`
    case operatorReader
    case app(appID: String)
    case user(CenterKey)
}

extension Principal {
    /// What idempotency keys are kept per: each principal has its own.
    var scope: String {
        switch self {
        case .operator: "operator"
        case .operatorReader: "operator-reader"
        case .app(let appID): "app:\(appID)"
        case .user(let key): "center:\(key.appID)/\(key.centerID)"
        }
    }

    /// The operator's credentials, which rate limits do not apply to.
    var isOperator: Bool { self == .operator || self == .operatorReader }
}
