import Foundation
import Storage
import Testing
import Webhooks

/// The order in which a batch of recorded attempts applies its outcomes to their endpoints.
@Suite struct EndpointOutcomesTests {
    func attempt(_ appID: String, _ url: String, at seconds: Double, _ outcome: EndpointOutcome) -> RecordedAttempt {
        let at = Date(timeIntervalSince1970: seconds)
        return RecordedAttempt(
            DeliveryAttemptRecord(number: 1, at: at, statusCode: nil, error: nil, durationMilliseconds: 1),
            of: WebhookDeliveryRecord(
                id: "m\(seconds)", appID: appID, url: url, type: .notificationResponse, payload: Data(), nextAttempt: nil, createdAt: at),
            endpoint: outcome)
    }

    @Test func endpointsComeInKeyOrderWithTheirOutcomesInOrderAndAnswersInARowOnce() {
        let failed = EndpointOutcome.failed(disableIfFailingSince: Date(timeIntervalSince1970: 0))
        let outcomes = [
            attempt("b", "https://x", at: 1, .answered), attempt("a", "https://y", at: 2, .answered),
            attempt("b", "https://x", at: 3, .answered), attempt("a", "https://y", at: 4, failed),
            attempt("a", "https://y", at: 5, .answered), attempt("a", "https://y", at: 6, .answered),
            attempt("a", "https://x", at: 7, .gone),
        ].endpointOutcomes
        #expect(
            outcomes.map(\.endpoint) == [
                WebhookEndpoint(appID: "a", url: "https://x"), WebhookEndpoint(appID: "a", url: "https://y"),
                WebhookEndpoint(appID: "b", url: "https://x"),
            ])
        #expect(outcomes.map { $0.outcomes.map(\.outcome) } == [[.gone], [.answered, failed, .answered], [.answered]])
        #expect(outcomes[1].outcomes.map(\.at.timeIntervalSince1970) == [2, 4, 5])
    }
}
