/// A streaming JSON writer that appends UTF-8 bytes to a buffer it owns, with no intermediate objects.
///
/// Write objects with `beginObject()`, `key(_:)`/`field(_:_:)` and `endObject()`; commas are inserted for you.
/// Strings are escaped as JSON requires (`\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other control characters
/// as `\u00XX`); everything else, including non-ASCII UTF-8, is copied as is. Fields whose value is `nil` are
/// omitted.
///
/// The writer is non-copyable: it owns raw memory, so appending is a bounds check and a store or `memcpy`
/// (no copy-on-write checks), several times faster than appending to a `[UInt8]`. Pass it `inout`.
public struct JSONWriter: ~Copyable, @unchecked Sendable {
    // @unchecked Sendable: the memory is owned by exactly one non-copyable value, never shared.
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written so far.
    public private(set) var count: Int
    private var needsComma = false

    /// Creates an empty writer, reserving `capacity` bytes.
    public init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
        count = 0
    }

    deinit {
        base.deallocate()
    }

    /// A copy of the JSON written so far.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Calls `body` with the JSON written so far, without copying it.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Appends a raw byte (e.g. the newline between NDJSON lines) and resets the comma state.
    public mutating func appendRaw(_ byte: UInt8) {
        reserve(1)
        put(byte)
        needsComma = false
    }

    /// Removes all bytes, keeping the buffer's capacity.
    public mutating func removeAll() {
        count = 0
        needsComma = false
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    private mutating func grow(_ needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Stores a byte; capacity must have been reserved.
    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// Copies bytes; capacity must have been reserved.
    @inline(__always)
    private mutating func put(_ source: UnsafePointer<UInt8>, _ length: Int) {
        let destination = base + count
        if length <= 16 {
            // Short runs (ids, keys, small words) are cheaper to copy inline than through memmove.
            var index = 0
            while index < length {
                destination[index] = source[index]
                index += 1
            }
        } else {
            destination.update(from: source, count: length)
        }
        count += length
    }

    @inline(__always)
    private mutating func separate() {
        if needsComma { put(UInt8(ascii: ",")) }
    }

    private mutating func appendLiteral(_ text: StaticString) {
        reserve(text.utf8CodeUnitCount + 1)
        separate()
        put(text.utf8Start, text.utf8CodeUnitCount)
        needsComma = true
    }

    /// Starts an object (`{`) as the next value.
    public mutating func beginObject() {
        reserve(2)
        separate()
        put(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Ends the current object (`}`).
    public mutating func endObject() {
        reserve(1)
        put(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Starts an array (`[`) as the next value.
    public mutating func beginArray() {
        reserve(2)
        separate()
        put(UInt8(ascii: "["))
        needsComma = false
    }

    /// Ends the current array (`]`).
    public mutating func endArray() {
        reserve(1)
        put(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key known at compile time. The key must not need escaping (plain ASCII, no quotes).
    public mutating func key(_ key: StaticString) {
        // A static string made from a single Unicode scalar has no UTF-8 pointer; take the general path.
        guard key.hasPointerRepresentation else { return self.key(key.description) }
        let length = key.utf8CodeUnitCount
        reserve(length + 4)
        var output = base + count
        if needsComma {
            output.pointee = UInt8(ascii: ",")
            output += 1
        }
        output.pointee = UInt8(ascii: "\"")
        output += 1
        Self.copyShort(from: key.utf8Start, to: output, count: length)
        output += length
        output[0] = UInt8(ascii: "\"")
        output[1] = UInt8(ascii: ":")
        count = output + 2 - base
        needsComma = false
    }

    /// Copies `count` bytes, short runs with two overlapping word loads and stores (never reading or writing past
    /// either run), longer ones with `memcpy`.
    @inline(__always)
    private static func copyShort(
        from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, count: Int
    ) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(destination)
        if count >= 8 && count <= 16 {
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 && count < 8 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        } else if count < 4 {
            var index = 0
            while index < count {
                destination[index] = source[index]
                index += 1
            }
        } else {
            to.copyMemory(from: from, byteCount: count)
        }
    }

    /// Writes an object key, escaped as a JSON string.
    public mutating func key(_ key: String) {
        string(key)
        reserve(1)
        put(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `null`.
    public mutating func null() {
        appendLiteral("null")
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        appendLiteral(value ? "true" : "false")
    }

    /// Writes an integer in decimal.
    public mutating func int(_ value: Int) {
        reserve(22)
        separate()
        if value >= 0 && value < 10 {
            put(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value))
        } else {
            if value < 0 { put(UInt8(ascii: "-")) }
            var magnitude = value.magnitude
            var index = count + Self.digitCount(magnitude)
            count = index
            // Two digits per division, from the pairs "00" to "99".
            let pairs = Self.digitPairs.utf8Start
            while magnitude >= 100 {
                let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
                magnitude /= 100
                index -= 2
                base[index] = pairs[pair]
                base[index + 1] = pairs[pair + 1]
            }
            if magnitude >= 10 {
                let pair = Int(truncatingIfNeeded: magnitude) &* 2
                index -= 2
                base[index] = pairs[pair]
                base[index + 1] = pairs[pair + 1]
            } else {
                base[index - 1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude)
            }
        }
        needsComma = true
    }

    // swift-format-ignore
    private static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// The number of decimal digits of `value`.
    @inline(__always)
    private static func digitCount(_ value: UInt) -> Int {
        var digits = 1
        var power: UInt = 10
        while value >= power {
            digits += 1
            let (next, overflow) = power.multipliedReportingOverflow(by: 10)
            if overflow { break }
            power = next
        }
        return digits
    }

    /// Writes a number: integral values up to 2^53 as integers, others in Swift's shortest round-trip form.
    /// Negative zero is written `-0.0`: readers take `-0` for the integer 0 and lose its sign. JSON has no NaN or
    /// infinity; they are written as `null`.
    public mutating func double(_ value: Double) {
        guard value.isFinite else { return null() }
        if value == value.rounded(.towardZero) && abs(value) <= 9_007_199_254_740_992 {
            if value == 0 && value.sign == .minus {
                appendLiteral("-0.0")
            } else {
                int(Int(value))
            }
        } else {
            var text = value.description
            text.withUTF8 { utf8 in
                reserve(utf8.count + 1)
                separate()
                if let start = utf8.baseAddress { put(start, utf8.count) }
            }
            needsComma = true
        }
    }

    /// Writes a number given as its JSON text, every digit kept (a number read from a peer with more digits than a
    /// `Double` holds, or an unsigned 64-bit one, is written back as it was); text that is not a JSON number is
    /// written as `null`.
    public mutating func number(text: String) {
        guard Self.isJSONNumber(text.utf8) else { return null() }
        var text = text
        text.withUTF8 { utf8 in
            reserve(utf8.count + 1)
            separate()
            if let start = utf8.baseAddress { put(start, utf8.count) }
        }
        needsComma = true
    }

    /// Whether `bytes` are a number as JSON writes one: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isJSONNumber(_ bytes: String.UTF8View) -> Bool {
        var rest = Substring(String(bytes)).utf8[...]
        func digits() -> Int {
            let count = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            rest = rest.dropFirst(count)
            return count
        }
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        if rest.first == UInt8(ascii: "0") {
            rest = rest.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            if digits() == 0 { return false }
        }
        if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            if digits() == 0 { return false }
        }
        return rest.isEmpty
    }

    /// Writes a string, escaped.
    public mutating func string(_ value: String) {
        let written: Void? = value.utf8.withContiguousStorageIfAvailable { utf8 in
            appendQuoted(utf8)
        }
        if written == nil {
            var contiguous = value
            contiguous.withUTF8 { appendQuoted($0) }
        }
        needsComma = true
    }

    private mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        reserve(utf8.count + 3)
        separate()
        put(UInt8(ascii: "\""))
        appendEscaped(utf8)
        reserve(1)
        put(UInt8(ascii: "\""))
    }

    /// Whether any byte of `word` is below 0x20, a quote (0x22) or a backslash (0x5C): the classic
    /// "has a byte less than n" and "has a zero byte" bit tricks, exact as a yes/no answer.
    @inline(__always)
    private static func mayNeedEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let below20 = word &- ones &* 0x20
        let quote = (word ^ (ones &* 0x22)) &- ones
        let backslash = (word ^ (ones &* 0x5C)) &- ones
        return ((below20 | quote | backslash) & ~word & highs) != 0
    }

    /// Copies `utf8`, escaping what JSON requires, in one pass. Capacity for `utf8.count` bytes must have been
    /// reserved; each escape reserves room for itself and the rest of the string.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let source = utf8.baseAddress else { return }
        let raw = UnsafeRawPointer(source)
        let length = utf8.count
        var output = base + count
        var index = 0
        while index < length {
            if index + 8 <= length {
                // Copy 8 bytes at a time while none of them needs escaping.
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if !Self.mayNeedEscaping(word) {
                    UnsafeMutableRawPointer(output).storeBytes(of: word, as: UInt64.self)
                    output += 8
                    index += 8
                    continue
                }
            }
            let byte = source[index]
            index += 1
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                output.pointee = byte
                output += 1
                continue
            }
            // Room for this escape and the rest of the string unescaped (the closing quote reserves its own).
            count = output - base
            reserve(6 + length - index)
            put(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): put(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): put(UInt8(ascii: "\\"))
            case UInt8(ascii: "\n"): put(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): put(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): put(UInt8(ascii: "t"))
            case 0x08: put(UInt8(ascii: "b"))
            case 0x0C: put(UInt8(ascii: "f"))
            default:
                put(UInt8(ascii: "u"))
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "0"))
                put(Self.hexDigit(byte >> 4))
                put(Self.hexDigit(byte & 0x0F))
            }
            output = base + count
        }
        count = output - base
    }

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
