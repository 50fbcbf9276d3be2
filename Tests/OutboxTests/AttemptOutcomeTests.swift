import Outbox
import Testing

@Suite struct AttemptOutcomeTests {
    /// The rules read an answer's fields by name, whatever case the receiver wrote them in (RFC 9110 §5.1).
    @Test func aFieldIsFoundByNameWhateverItsCase() {
        let outcome = AttemptOutcome(
            status: 429, headers: [("Content-Length", "0"), ("RETRY-After", "120"), ("retry-after", "5"), ("apns-id", "A-1")], body: [],
            error: nil, duration: .zero)
        #expect(outcome.header("retry-after") == "120", "the first of its fields")
        #expect(outcome.header("Apns-ID") == "A-1")
        #expect(outcome.header("retry-afte") == nil && outcome.header("retry-after2") == nil && outcome.header("location") == nil)
    }
}
