import Messages

/// A thread-safe source of message ids, shared by everything one runner emits (documents, pickles,
/// definitions, test cases) so that ids never collide, even when scenarios run concurrently.
///
/// An id is a function of its position (how many ids were drawn before it), so ids drawn once can be drawn
/// again: a streaming run parses a file again, or prepares a test case again, with a cursor set where the first
/// draw started, and gets the same ids without having kept them.
package final class IdSource: Sendable {
    private let style: IdCursor.Style
    private let position: Locked<Int>

    private init(style: IdCursor.Style) {
        self.style = style
        position = Locked(0)
    }

    /// Ids `"0"`, `"1"`, `"2"`, ... (reproducible; the default).
    package static func incrementing() -> IdSource {
        IdSource(style: .incrementing)
    }

    /// Random-looking version 4 UUIDs, from a random key of this source (unique across processes, e.g. for
    /// shards whose streams are merged).
    package static func uuid() -> IdSource {
        uuid(key: .random())
    }

    /// UUIDs from `key`: the same key draws the same ids.
    package static func uuid(key: IdKey) -> IdSource {
        IdSource(style: .uuid(high: key.high, low: key.low))
    }

    /// Returns a new id.
    package func next() -> String {
        let drawn = position.withLock { position in
            defer { position += 1 }
            return position
        }
        return IdCursor(style: style, position: drawn).id(at: drawn)
    }

    /// Positions at or past this one (2^52, far past any run's) are refused wherever another process names one
    /// (a worker's pipe, a command's `DocumentsRead`): drawing ids from there could overflow.
    package static let positionLimit = 1 << 52

    /// The position of the next id.
    package var nextPosition: Int {
        position.value
    }

    /// Runs `body` with a cursor at the next position, holding the source meanwhile (so `body` must not call
    /// `next()`), so the ids `body` draws are
    /// consecutive; returns its value and the position of its first id (to draw the same ids again with
    /// `cursor(at:)`).
    package func draw<Value: Sendable, Failure: Error>(
        _ body: (inout IdCursor) throws(Failure) -> Value
    ) throws(Failure) -> (value: Value, start: Int) {
        let (result, start) = position.withLock { position -> (Result<Value, Failure>, Int) in
            var cursor = IdCursor(style: style, position: position)
            let start = position
            let result: Result<Value, Failure>
            do throws(Failure) {
                result = .success(try body(&cursor))
            } catch {
                result = .failure(error)
            }
            position = cursor.position
            return (result, start)
        }
        return (try result.get(), start)
    }

    /// Draws `count` ids without making them (they are made where they are used, from their position); returns
    /// the position of the first.
    package func skip(_ count: Int) -> Int {
        position.withLock { position in
            defer { position += count }
            return position
        }
    }

    /// A cursor drawing again the ids this source drew from `position` on.
    package func cursor(at position: Int) -> IdCursor {
        IdCursor(style: style, position: position)
    }
}
