/// Reads back what a `SpoolWriter` wrote, value by value, in the same order, from bytes that outlive it (use it
/// inside a `withUnsafeBytes` closure).
///
/// Reading past the end (a spool that was cut short) never traps: it yields empty values and sets `isDamaged`,
/// which the caller turns into an error.
struct SpoolReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var position = 0
    /// Whether a read went past the end of the bytes.
    private(set) var isDamaged = false

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else {
            isDamaged = true
            return 0
        }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bool() -> Bool {
        byte() != 0
    }

    mutating func unsigned() -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = byte()
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 || isDamaged || shift > 56 { return value }
            shift += 7
        }
    }

    mutating func int() -> Int {
        let zigZag = unsigned()
        return Int(truncatingIfNeeded: Int64(bitPattern: (zigZag >> 1) ^ (0 &- (zigZag & 1))))
    }

    mutating func count() -> Int {
        let value = unsigned()
        guard value <= UInt64(bytes.count - min(position, bytes.count)) else {
            // Every element takes at least a byte: a larger count is damage, not data.
            isDamaged = true
            return 0
        }
        return Int(value)
    }

    mutating func string() -> String {
        let length = count()
        guard length > 0 else { return "" }
        let start = position
        position += length
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }

    mutating func optional<Value>(_ read: (inout SpoolReader) -> Value) -> Value? {
        bool() ? read(&self) : nil
    }

    mutating func array<Element>(_ read: (inout SpoolReader) -> Element) -> [Element] {
        let count = count()
        var values: [Element] = []
        values.reserveCapacity(count)
        for _ in 0..<count {
            values.append(read(&self))
            if isDamaged { break }
        }
        return values
    }

    mutating func optionalString() -> String? {
        optional { $0.string() }
    }

    /// Raw bytes written by `SpoolWriter.raw(_:)`, without copying them.
    mutating func rawBytes() -> UnsafeRawBufferPointer {
        let range = byteRange()
        return UnsafeRawBufferPointer(rebasing: bytes[range])
    }

    /// Where raw bytes written by `SpoolWriter.raw(_:)` are.
    mutating func byteRange() -> Range<Int> {
        let length = count()
        let start = position
        position += length
        return start..<position
    }

    mutating func optionalInt() -> Int? {
        optional { $0.int() }
    }

    mutating func strings() -> [String] {
        array { $0.string() }
    }
}
