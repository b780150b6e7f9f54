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
        var random = SystemRandomNumberGenerator()
        return IdSource(style: .uuid(high: random.next(), low: random.next()))
    }

    /// Returns a new id.
    package func next() -> String {
        let drawn = position.withLock { position in
            defer { position += 1 }
            return position
        }
        return IdCursor(style: style, position: drawn).id(at: drawn)
    }

    /// The position of the next id.
    package var nextPosition: Int {
        position.value
    }

    /// Runs `body` with a cursor at the next position, holding the source meanwhile (so `body` must not call
    /// `next()`), so the ids `body` draws are
    /// consecutive; returns its value and the position of its first id (to draw the same ids again with
    /// `cursor(at:)`).
    package func draw<Value, Failure: Error>(
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

    /// A cursor drawing again the ids this source drew from `position` on.
    package func cursor(at position: Int) -> IdCursor {
        IdCursor(style: style, position: position)
    }
}

/// Draws the ids of an `IdSource` from a position on, without locking (e.g. to parse a file again with the ids
/// it had).
package struct IdCursor: IdGenerator {
    enum Style: Sendable {
        case incrementing
        /// The key of a source's UUIDs.
        case uuid(high: UInt64, low: UInt64)
    }

    let style: Style
    /// The position of the next id.
    package private(set) var position: Int

    init(style: Style, position: Int) {
        self.style = style
        self.position = position
    }

    /// Returns the id at the cursor's position and advances.
    package mutating func next() -> String {
        defer { position += 1 }
        return id(at: position)
    }

    func id(at position: Int) -> String {
        switch style {
        case .incrementing:
            return String(position)
        case .uuid(let highKey, let lowKey):
            // Each half is a bijective mix of the position, so two positions never share a high half; the version
            // (4) and variant (10) bits are then set as RFC 9562 requires.
            let counter = UInt64(truncatingIfNeeded: position)
            let high = (Self.mix(counter ^ highKey) & ~0xF000) | 0x4000
            let low = (Self.mix(counter &+ lowKey) & ~(0xC << 60)) | (0x8 << 60)
            return Self.uuidText(high: high, low: low)
        }
    }

    /// SplitMix64's finaliser: a bijection of 64-bit values that spreads every input bit over the output.
    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value &+ 0x9E37_79B9_7F4A_7C15
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx` in lowercase.
    private static func uuidText(high: UInt64, low: UInt64) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var written = 0
            func put(_ value: UInt64, nibbles: Int) {
                for shift in stride(from: (nibbles - 1) * 4, through: 0, by: -4) {
                    buffer[written] = digits[Int((value >> UInt64(shift)) & 0xF)]
                    written += 1
                }
            }
            func dash() {
                buffer[written] = UInt8(ascii: "-")
                written += 1
            }
            put(high >> 32, nibbles: 8)
            dash()
            put((high >> 16) & 0xFFFF, nibbles: 4)
            dash()
            put(high & 0xFFFF, nibbles: 4)
            dash()
            put(low >> 48, nibbles: 4)
            dash()
            put(low & 0xFFFF_FFFF_FFFF, nibbles: 12)
            return written
        }
    }
}
