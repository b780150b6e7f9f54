import Messages

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
