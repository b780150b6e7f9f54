/// A value that writes itself as JSON into a `JSONWriter`, much faster than `JSONEncoder`.
public protocol JSONWritable {
    /// Appends this value's JSON to `json`.
    func write(to json: inout JSONWriter)
}

/// A streaming JSON writer that appends UTF-8 bytes to a buffer, with no intermediate objects.
///
/// Write objects with `beginObject()`, `key(_:)`/`field(_:_:)` and `endObject()`; commas are inserted for you.
/// Strings are escaped as JSON requires (`\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other control characters
/// as `\u00XX`); everything else, including non-ASCII UTF-8, is copied as is. Fields whose value is `nil` are
/// omitted.
public struct JSONWriter: Sendable {
    /// The JSON written so far.
    public var bytes: [UInt8]
    private var needsComma = false

    /// Creates an empty writer, reserving `capacity` bytes.
    public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends raw bytes (e.g. a newline between NDJSON lines) and resets the comma state.
    public mutating func appendRaw(_ byte: UInt8) {
        bytes.append(byte)
        needsComma = false
    }

    /// Removes all bytes, keeping the buffer's capacity.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    private mutating func appendStatic(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// Starts an object (`{`) as the next value.
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Ends the current object (`}`).
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Starts an array (`[`) as the next value.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Ends the current array (`]`).
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key known at compile time. The key must not need escaping (plain ASCII, no quotes).
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes an object key, escaped as a JSON string.
    public mutating func key(_ key: String) {
        string(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        appendStatic("null")
        needsComma = true
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        appendStatic(value ? "true" : "false")
        needsComma = true
    }

    /// Writes an integer in decimal.
    public mutating func int(_ value: Int) {
        separate()
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value))
        } else {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            var magnitude = value.magnitude
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
                var index = 20
                repeat {
                    index -= 1
                    digits[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                    magnitude /= 10
                } while magnitude > 0
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[index..<20]))
            }
        }
        needsComma = true
    }

    /// Writes a number: integral values up to 2^53 as integers, others in Swift's shortest round-trip form.
    /// JSON has no NaN or infinity; they are written as `null`.
    public mutating func double(_ value: Double) {
        guard value.isFinite else { return null() }
        if value == value.rounded(.towardZero) && abs(value) <= 9_007_199_254_740_992 {
            if value == 0 && value.sign == .minus {
                separate()
                appendStatic("-0")
                needsComma = true
            } else {
                int(Int(value))
            }
        } else {
            separate()
            bytes.append(contentsOf: value.description.utf8)
            needsComma = true
        }
    }

    /// Writes a string, escaped.
    public mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { appendEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    private static let hexDigits: StaticString = "0123456789abcdef"

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        var index = 0
        let count = utf8.count
        while index < count {
            let byte = utf8[index]
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            if runStart < index {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            }
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                Self.hexDigits.withUTF8Buffer { hex in
                    bytes.append(contentsOf: [
                        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                        hex[Int(byte >> 4)], hex[Int(byte & 0x0F)],
                    ])
                }
            }
            index += 1
            runStart = index
        }
        if runStart < count {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        }
    }

    /// Writes a value that knows how to write itself.
    public mutating func value(_ value: some JSONWritable) {
        value.write(to: &self)
    }

    /// Writes an array of strings.
    public mutating func array(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// Writes an array of writable values.
    public mutating func array<Element: JSONWritable>(_ values: [Element]) {
        beginArray()
        for value in values { value.write(to: &self) }
        endArray()
    }

    /// Writes a string member.
    public mutating func field(_ key: StaticString, _ value: String) {
        self.key(key)
        string(value)
    }

    /// Writes a string member, or nothing when `value` is `nil`.
    public mutating func field(_ key: StaticString, _ value: String?) {
        if let value { field(key, value) }
    }

    /// Writes an integer member.
    public mutating func field(_ key: StaticString, _ value: Int) {
        self.key(key)
        int(value)
    }

    /// Writes an integer member, or nothing when `value` is `nil`.
    public mutating func field(_ key: StaticString, _ value: Int?) {
        if let value { field(key, value) }
    }

    /// Writes a Boolean member.
    public mutating func field(_ key: StaticString, _ value: Bool) {
        self.key(key)
        bool(value)
    }

    /// Writes a Boolean member, or nothing when `value` is `nil`.
    public mutating func field(_ key: StaticString, _ value: Bool?) {
        if let value { field(key, value) }
    }

    /// Writes a member whose value writes itself.
    public mutating func field(_ key: StaticString, _ value: some JSONWritable) {
        self.key(key)
        value.write(to: &self)
    }

    /// Writes a member whose value writes itself, or nothing when `value` is `nil`.
    public mutating func field(_ key: StaticString, _ value: (some JSONWritable)?) {
        if let value { field(key, value) }
    }

    /// Writes a string-array member (always, even when empty).
    public mutating func field(_ key: StaticString, _ values: [String]) {
        self.key(key)
        array(values)
    }

    /// Writes a string-array member, or nothing when `values` is `nil`.
    public mutating func field(_ key: StaticString, _ values: [String]?) {
        if let values { field(key, values) }
    }

    /// Writes an array member (always, even when empty).
    public mutating func field<Element: JSONWritable>(_ key: StaticString, _ values: [Element]) {
        self.key(key)
        array(values)
    }

    /// Writes an array member, or nothing when `values` is `nil`.
    public mutating func field<Element: JSONWritable>(_ key: StaticString, _ values: [Element]?) {
        if let values { field(key, values) }
    }
}
