import Foundation
import SpecKit

/// The messages read from the client, handed from the reader thread to the server's loop, which takes everything
/// waiting at once (`takeAll`): edits queued while the server was busy are then seen together, and only the newest
/// text of a document is analysed. At most `capacity` messages wait; past that the reader waits too, and so does the
/// client writing into the pipe, so memory stays bounded however fast edits come.
typealias MessageQueue = Handover<JSONRPCConnection.Incoming>

// A message is a JSON value parsed once and never changed: it belongs to the reader until it is put, then to the
// server's loop.
extension JSONRPCConnection.Incoming: @unchecked Sendable {}

extension Handover where Item == JSONRPCConnection.Incoming {
    /// Reads `connection` on a thread of its own until its input ends (or reading is stopped); `first` are taken
    /// before anything read (the messages an earlier server process had read and not handled).
    static func reading(_ connection: JSONRPCConnection, first: [Any] = [], capacity: Int = 256) -> MessageQueue {
        let queue = MessageQueue(capacity: max(capacity, first.count + 1))
        queue.put(contentsOf: first.map { .message($0) })
        let thread = Thread {
            while true {
                let message = connection.read()
                queue.put(message)
                if case .end = message {
                    queue.finish()
                    return
                }
            }
        }
        thread.name = "lsp-reader"
        thread.start()
        return queue
    }
}
