/// Byte-level helpers over UTF-8 text with the whitespace rules of the official Python parser.
///
/// Whitespace is what Python's `str.isspace()` accepts (and what its regular expressions' `\s` matches), so
/// trimming, indentation and tag checks agree with the reference implementation on non-ASCII text too.
enum UTF8Text {
    /// The byte length of the whitespace code point starting at `index`, or 0 when it is not whitespace.
    @inline(__always)
    static func whitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
        let first = bytes[index]
        if first < 0x80 {
            return (first == 0x20 || (first >= 0x09 && first <= 0x0D) || (first >= 0x1C && first <= 0x1F)) ? 1 : 0
        }
        return multibyteWhitespaceLength(bytes, at: index, end: end)
    }

    static func multibyteWhitespaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
        let first = bytes[index]
        switch first {
        case 0xC2:
            guard index + 1 < end else { return 0 }
            let second = bytes[index + 1]
            return second == 0x85 || second == 0xA0 ? 2 : 0
        case 0xE1:
            guard index + 2 < end else { return 0 }
            return bytes[index + 1] == 0x9A && bytes[index + 2] == 0x80 ? 3 : 0
        case 0xE2:
            guard index + 2 < end else { return 0 }
            let second = bytes[index + 1]
            let third = bytes[index + 2]
            if second == 0x80 {
                return (third >= 0x80 && third <= 0x8A) || third == 0xA8 || third == 0xA9 || third == 0xAF ? 3 : 0
            }
            return second == 0x81 && third == 0x9F ? 3 : 0
        case 0xE3:
            guard index + 2 < end else { return 0 }
            return bytes[index + 1] == 0x80 && bytes[index + 2] == 0x80 ? 3 : 0
        default:
            return 0
        }
    }

    /// The byte length of the whitespace code point ending just before `index`, or 0.
    @inline(__always)
    static func whitespaceLengthBefore(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, start: Int) -> Int {
        let last = bytes[index - 1]
        if last < 0x80 {
            return (last == 0x20 || (last >= 0x09 && last <= 0x0D) || (last >= 0x1C && last <= 0x1F)) ? 1 : 0
        }
        if index - 2 >= start, whitespaceLength(bytes, at: index - 2, end: index) == 2 {
            return 2
        }
        if index - 3 >= start, whitespaceLength(bytes, at: index - 3, end: index) == 3 {
            return 3
        }
        return 0
    }

    /// The first index at or after `start` that does not begin a whitespace code point.
    @inline(__always)
    static func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while index < end {
            let length = whitespaceLength(bytes, at: index, end: end)
            if length == 0 { break }
            index += length
        }
        return index
    }

    /// The end of the range `start..<end` once trailing whitespace is removed.
    @inline(__always)
    static func trimTrailingWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = end
        while index > start {
            let length = whitespaceLengthBefore(bytes, index, start: start)
            if length == 0 { break }
            index -= length
        }
        return index
    }

    /// The number of Unicode code points in a range of valid UTF-8.
    @inline(__always)
    static func codePointCount(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var count = 0
        var index = start
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    /// How many times a byte occurs in a range (a capacity hint for the items of a line).
    static func count(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var count = 0
        var index = start
        while index < end {
            if bytes[index] == byte { count += 1 }
            index += 1
        }
        return count
    }

    /// The byte length of the code point starting with `byte`.
    @inline(__always)
    static func sequenceLength(_ byte: UInt8) -> Int {
        if byte < 0x80 { return 1 }
        if byte < 0xE0 { return 2 }
        if byte < 0xF0 { return 3 }
        return 4
    }

    /// A string from a range of valid UTF-8.
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        if start >= end { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// Whether the bytes at `index` start with `prefix`.
    @inline(__always)
    static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int, _ prefix: [UInt8]) -> Bool {
        let count = prefix.count
        if end - index < count { return false }
        var offset = 0
        while offset < count {
            if bytes[index + offset] != prefix[offset] { return false }
            offset += 1
        }
        return true
    }

    /// Where a byte sequence first violates UTF-8, or `nil` when the whole buffer is valid UTF-8.
    static func firstInvalidByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            if index + 8 <= count, let base = bytes.baseAddress {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let first = bytes[index]
            if first < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch first {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                upper = 0x9F
            case 0xF0:
                length = 4
                lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                upper = 0x8F
            default: return index
            }
            if index + length > count { return index }
            let second = bytes[index + 1]
            if second < lower || second > upper { return index }
            var offset = 2
            while offset < length {
                if bytes[index + offset] & 0xC0 != 0x80 { return index }
                offset += 1
            }
            index += length
        }
        return nil
    }
}
