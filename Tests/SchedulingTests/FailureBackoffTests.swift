import Foundation
import Scheduling
import Testing

@Suite struct FailureBackoffTests {
    @Test func pausesDoubleUpToTheLongestAndStartOverOnceTheStoreWorks() {
        var backoff = FailureBackoff()
        #expect((1...7).map { _ in backoff.failed() } == [1, 2, 4, 8, 16, 16, 16])
        #expect(backoff.succeeded() == 7, "the failures in a row that the success ends")
        #expect(backoff.succeeded() == 0)
        #expect(backoff.failed() == FailureBackoff.first)
    }

    @Test func aLongOutageNeverOverflowsThePause() {
        var backoff = FailureBackoff()
        for _ in 0..<100 { _ = backoff.failed() }
        #expect(backoff.failed() == FailureBackoff.longest)
        #expect(backoff.failures == 101)
    }
}
