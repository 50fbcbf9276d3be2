/// What a push service's answer to a message means for the message and its subscription (RFC 8030 §5,
/// §8.3 and what the browser vendors' services answer).
package enum PushServiceAnswer: Equatable, Sendable {
    /// 200, 201, 202: accepted.
    case sent
    /// 404, 410: the subscription is gone; remove it, and tell the app.
    case gone
    /// 413: the body is larger than the service takes; send a smaller one.
    case tooLarge
    /// 429, 5xx: try again later, not before `Retry-After` when the service gave one.
    case retry
    /// Any other answer (400, 401, 403…): this message failed; keep the subscription.
    case rejected

    package init(status: Int) {
        switch status {
        case 200, 201, 202: self = .sent
        case 404, 410: self = .gone
        case 413: self = .tooLarge
        case 429, 500...599: self = .retry
        default: self = .rejected
        }
    }
}
