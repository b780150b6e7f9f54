import Dispatch
import Synchronization

/// A bounded first-in, first-out hand-over from one producer thread to its consumers: `put` waits while
/// `capacity` items are waiting, `take` waits for the next item (nil once the producer called `finish`, for every
/// consumer and every later call).
final class Handover<Item: Sendable>: Sendable {
    private let items = Mutex<[Item?]>([])
    private let filled = DispatchSemaphore(value: 0)
    private let free: DispatchSemaphore

    init(capacity: Int) {
        // Made at zero and raised: libdispatch traps when a semaphore is freed below its initial value, as
        // `free` would be if the consumer stopped taking before the end.
        free = DispatchSemaphore(value: 0)
        for _ in 0..<max(capacity, 1) { free.signal() }
    }

    /// Hands `item` over, waiting for room.
    func put(_ item: Item) {
        send(item)
    }

    /// Marks the end: `take` returns nil after the items put before.
    func finish() {
        send(nil)
    }

    /// The next item, waiting for it; nil at the end.
    func take() -> Item? {
        filled.wait()
        let item = items.withLock { items -> Item? in
            guard let first = items.first, let item = first else { return nil }
            items.removeFirst()
            return item
        }
        // The end mark stays for the other consumers.
        if item == nil { filled.signal() } else { free.signal() }
        return item
    }

    private func send(_ item: Item?) {
        free.wait()
        items.withLock { $0.append(item) }
        filled.signal()
    }
}
