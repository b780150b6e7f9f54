import Foundation

/// The messages read from the client, handed from the reader thread to the server's loop, which takes everything
/// waiting at once: edits queued while the server was busy are then seen together, and only the newest text of a
/// document is analysed. At most `capacity` messages wait; past that the reader waits too, and so does the client
/// writing into the pipe, so memory stays bounded however fast edits come.
final class MessageQueue: @unchecked Sendable {
    // @unchecked: `items` and `ended` are only touched with `condition` locked; a message belongs to the reader
    // until it is put, then to the server's loop.
    private let condition = NSCondition()
    private var items: [JSONRPCConnection.Incoming] = []
    private var ended = false
    let capacity: Int

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 1)
    }

    /// Reads `connection` on a thread of its own until its input ends (or reading is stopped); `first` are taken
    /// before anything read (the messages an earlier server process had read and not handled).
    static func reading(_ connection: JSONRPCConnection, first: [Any] = [], capacity: Int = 256) -> MessageQueue {
        let queue = MessageQueue(capacity: max(capacity, first.count + 1))
        queue.items = first.map { .message($0) }
        let thread = Thread {
            while true {
                let message = connection.read()
                queue.put(message)
                if case .end = message { return }
            }
        }
        thread.name = "lsp-reader"
        thread.start()
        return queue
    }

    func put(_ message: JSONRPCConnection.Incoming) {
        condition.lock()
        while items.count >= capacity { condition.wait() }
        items.append(message)
        if case .end = message { ended = true }
        condition.broadcast()
        condition.unlock()
    }

    /// Every message waiting, in order; when none is, waits for one unless `waiting` is false (then empty).
    func takeAll(waiting: Bool = true) -> [JSONRPCConnection.Incoming] {
        condition.lock()
        defer { condition.unlock() }
        while waiting && items.isEmpty && !ended { condition.wait() }
        let taken = items
        items.removeAll(keepingCapacity: true)
        condition.broadcast()
        return taken
    }

    /// Whether a message is waiting.
    var hasMessages: Bool {
        condition.lock()
        defer { condition.unlock() }
        return !items.isEmpty
    }
}
