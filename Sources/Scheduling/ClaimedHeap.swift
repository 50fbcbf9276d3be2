import Foundation
import NotificationCore
import Storage

/// The requests a scheduler has claimed, earliest fire date first (a binary min-heap).
struct ClaimedHeap {
    private var items: [StoredPending] = []

    var count: Int { items.count }

    /// The earliest fire date held.
    var first: Date? { items.first?.pending.nextFireDate }

    mutating func insert(_ claimed: [StoredPending]) {
        for item in claimed {
            items.append(item)
            siftUp(items.count - 1)
        }
    }

    /// Removes and returns every request due at `now`, earliest first.
    mutating func removeDue(at now: Date) -> [StoredPending] {
        var due: [StoredPending] = []
        while let date = first, date <= now { due.append(removeFirst()) }
        return due
    }

    mutating func removeAll() -> [StoredPending] {
        defer { items.removeAll() }
        return items
    }

    private func date(_ index: Int) -> Date { items[index].pending.nextFireDate ?? .distantPast }

    private mutating func removeFirst() -> StoredPending {
        items.swapAt(0, items.count - 1)
        let first = items.removeLast()
        siftDown(0)
        return first
    }

    private mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard date(child) < date(parent) else { return }
            items.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count, date(left) < date(smallest) { smallest = left }
            if right < items.count, date(right) < date(smallest) { smallest = right }
            guard smallest != parent else { return }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
