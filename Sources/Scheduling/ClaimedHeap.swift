import Foundation
import NotificationCore
import Storage

/// The requests a scheduler has claimed, earliest fire date first (a binary min-heap). Its items are moved
/// in place through the array's buffer: `Array.swapAt` copies each of the two (every reference a request
/// holds retained and released again), ten times an item for a batch of 1,024.
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

    private mutating func removeFirst() -> StoredPending {
        items.withUnsafeMutableBufferPointer { $0.swapAt(0, $0.count - 1) }
        let first = items.removeLast()
        items.withUnsafeMutableBufferPointer { Self.siftDown(0, $0) }
        return first
    }

    private mutating func siftUp(_ index: Int) {
        items.withUnsafeMutableBufferPointer { items in
            var child = index
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.date(child, items) < Self.date(parent, items) else { return }
                items.swapAt(child, parent)
                child = parent
            }
        }
    }

    private static func siftDown(_ index: Int, _ items: UnsafeMutableBufferPointer<StoredPending>) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count, date(left, items) < date(smallest, items) { smallest = left }
            if right < items.count, date(right, items) < date(smallest, items) { smallest = right }
            guard smallest != parent else { return }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }

    private static func date(_ index: Int, _ items: UnsafeMutableBufferPointer<StoredPending>) -> Date {
        items[index].pending.nextFireDate ?? .distantPast
    }
}
