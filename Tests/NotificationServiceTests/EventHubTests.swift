import NotificationCore
import NotificationService
import Testing

@Suite struct EventHubTests {
    @Test func aStreamResumesAfterTheLastIdItSaw() async {
        let hub = EventHub(historyLimit: 10, epoch: "e1")
        for badge in 1...3 { hub.publish(.badgeChanged(badge), centerID: "c") }
        hub.publish(.badgeChanged(99), centerID: "other")
        let subscription = hub.subscribe(centerID: "c", from: .after("e1-1"))
        #expect(!subscription.gap)
        #expect(subscription.missed.map(\.event) == [.badgeChanged(2), .badgeChanged(3)])
        hub.publish(.badgeChanged(4), centerID: "c")
        var iterator = subscription.live.makeAsyncIterator()
        #expect(await iterator.next()?.event == .badgeChanged(4))
    }

    @Test func anIdFromAnotherProcessOrBeyondTheHistoryIsAGap() {
        let hub = EventHub(historyLimit: 2, epoch: "e2")
        for badge in 1...5 { hub.publish(.badgeChanged(badge), centerID: "c") }
        #expect(hub.subscribe(centerID: "c", from: .after("old-3")).gap)
        let trimmed = hub.subscribe(centerID: "c", from: .after("e2-1"))
        #expect(trimmed.gap)
        #expect(trimmed.missed.map(\.event) == [.badgeChanged(4), .badgeChanged(5)])
        #expect(!hub.subscribe(centerID: "c", from: .after("e2-4")).gap)
        #expect(hub.subscribe(centerID: "c", from: .live).missed.isEmpty)
    }
}
