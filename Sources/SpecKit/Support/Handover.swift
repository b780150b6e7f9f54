import Foundation

/// A bounded first-in, first-out hand-over from producer threads to their consumers: `put` waits while
/// `capacity` items are waiting (`offer` does not: it says whether there was room), `take` waits for the next item
/// (nil once the producer called `finish`, for every consumer and every later call).
///
/// Threads only sleep and wake when they must (a consumer finding nothing, a producer finding no room), and a
/// producer that waited for room is woken once half the room is free, not at every item taken, so handing over
/// thousands of small items costs no system call each.
///
/// A consumer that is a task takes with `next()`, which suspends instead of blocking its thread: the producer is
/// always a thread of its own (reading a pipe, parsing files), never one of Swift's cooperative threads.
package final class Handover<Item: Sendable>: @unchecked Sendable {
    // @unchecked: `items`, `head`, `isFinished` and `suspended` are only touched with `condition` locked.
    private let condition = NSCondition()
    private var items: [Item] = []
    private var head = 0
    private var isFinished = false
    private var waitingConsumers = 0
    private var waitingProducers = 0
    /// The task waiting in `next()`, if one is.
    private var suspended: CheckedContinuation<Item?, Never>?
    private let capacity: Int

    /// A hand-over where at most `capacity` items wait.
    package init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// Hands `item` over, waiting for room (blocking the calling thread).
    package func put(_ item: Item) {
        put(contentsOf: CollectionOfOne(item))
    }

    /// Hands `batch` over at once (after waiting for room for one item), waking consumers once.
    package func put(contentsOf batch: some Collection<Item>) {
        guard !batch.isEmpty else { return }
        condition.lock()
        if items.count - head >= capacity {
            waitingProducers += 1
            while items.count - head > capacity / 2 { condition.wait() }
            waitingProducers -= 1
        }
        append(batch)
    }

    /// Hands `item` over if there is room for it, without waiting; returns whether it did.
    package func offer(_ item: Item) -> Bool {
        condition.lock()
        guard items.count - head < capacity else {
            condition.unlock()
            return false
        }
        append(CollectionOfOne(item))
        return true
    }

    /// Appends `batch`, waking a consumer; called with `condition` locked, which it unlocks.
    private func append(_ batch: some Collection<Item>) {
        if head > 0 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        items.append(contentsOf: batch)
        if waitingConsumers > 0 { condition.broadcast() }
        let waiter = suspended
        suspended = nil
        let item = waiter == nil ? nil : removeFirst()
        condition.unlock()
        waiter?.resume(returning: item)
    }

    /// Marks the end: `take` and `next` return nil after the items put before.
    package func finish() {
        condition.lock()
        isFinished = true
        condition.broadcast()
        let waiter = suspended
        suspended = nil
        condition.unlock()
        waiter?.resume(returning: nil)
    }

    /// The next item, waiting for it (blocking the calling thread) unless `waiting` is false; nil at the end, or when
    /// none is waiting and it does not wait.
    package func take(waiting: Bool = true) -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while head == items.count {
            if isFinished || !waiting { return nil }
            waitingConsumers += 1
            condition.wait()
            waitingConsumers -= 1
        }
        return removeFirst()
    }

    /// Every item waiting, in order; when none is, waits for one (blocking the calling thread) unless `waiting` is
    /// false. Empty at the end.
    package func takeAll(waiting: Bool = true) -> [Item] {
        condition.lock()
        defer { condition.unlock() }
        while waiting && head == items.count && !isFinished {
            waitingConsumers += 1
            condition.wait()
            waitingConsumers -= 1
        }
        let taken = Array(items[head...])
        items.removeAll(keepingCapacity: true)
        head = 0
        if waitingProducers > 0 { condition.broadcast() }
        return taken
    }

    /// The next item, waiting suspended for it (one task at a time); nil at the end.
    package func next() async -> Item? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Item?, Never>) in
            condition.lock()
            guard head == items.count, !isFinished else {
                let item = head < items.count ? removeFirst() : nil
                condition.unlock()
                continuation.resume(returning: item)
                return
            }
            suspended = continuation
            condition.unlock()
        }
    }

    /// Takes the first item waiting (one is), waking a producer waiting for room once half of it is free. Called
    /// with `condition` locked.
    private func removeFirst() -> Item {
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        if waitingProducers > 0 && items.count - head <= capacity / 2 { condition.broadcast() }
        return item
    }
}
