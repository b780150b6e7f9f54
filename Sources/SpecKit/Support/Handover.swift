import Foundation

/// A bounded first-in, first-out hand-over from one producer thread to its consumers: `put` waits while
/// `capacity` items are waiting, `take` waits for the next item (nil once the producer called `finish`, for every
/// consumer and every later call).
///
/// Threads only sleep and wake when they must (a consumer finding nothing, a producer finding no room), and a
/// producer that waited for room is woken once half the room is free, not at every item taken, so handing over
/// thousands of small items costs no system call each.
final class Handover<Item: Sendable>: @unchecked Sendable {
    // @unchecked: `items`, `head` and `isFinished` are only touched with `condition` locked.
    private let condition = NSCondition()
    private var items: [Item] = []
    private var head = 0
    private var isFinished = false
    private var waitingConsumers = 0
    private var waitingProducer = false
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// Hands `item` over, waiting for room.
    func put(_ item: Item) {
        put(contentsOf: CollectionOfOne(item))
    }

    /// Hands `batch` over at once (after waiting for room for one item), waking consumers once.
    func put(contentsOf batch: some Collection<Item>) {
        guard !batch.isEmpty else { return }
        condition.lock()
        if items.count - head >= capacity {
            waitingProducer = true
            while items.count - head > capacity / 2 { condition.wait() }
        }
        waitingProducer = false
        if head > 0 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        items.append(contentsOf: batch)
        if waitingConsumers > 0 { condition.broadcast() }
        condition.unlock()
    }

    /// Marks the end: `take` returns nil after the items put before.
    func finish() {
        condition.lock()
        isFinished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next item, waiting for it; nil at the end.
    func take() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while head == items.count {
            if isFinished { return nil }
            waitingConsumers += 1
            condition.wait()
            waitingConsumers -= 1
        }
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        if waitingProducer && items.count - head <= capacity / 2 { condition.broadcast() }
        return item
    }
}
