import Storage

/// What a claim on an outbox message holds besides its fencing token: the message's endpoint (its lane,
/// for the claims' scans) and its row's `seq`, so that an attempt's record finds the row and its attempts
/// by key without looking the id up again.
struct OutboxClaim: Equatable, Sendable {
    var endpoint: WebhookEndpoint
    var seq: Int64
}
