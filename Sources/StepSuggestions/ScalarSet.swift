/// A set of Unicode scalars as a regular expression's character class describes it (`[a-z]`, `\d`, `[^"\\]`, `.`):
/// ranges and the classes digit, word and space, possibly negated.
struct ScalarSet: Sendable, Hashable {
    /// The classes a set may name.
    struct Classes: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        static let digit = Classes(rawValue: 1)
        static let word = Classes(rawValue: 2)
        static let space = Classes(rawValue: 4)
        static let notDigit = Classes(rawValue: 8)
        static let notWord = Classes(rawValue: 16)
        static let notSpace = Classes(rawValue: 32)
    }

    var ranges: [ClosedRange<UInt32>] = []
    var classes: Classes = []
    var isNegated = false

    /// Every scalar (`.`, an unknown construct).
    static let any = ScalarSet(isNegated: true)
    static let digit = ScalarSet(classes: .digit)
    static let word = ScalarSet(classes: .word)
    static let space = ScalarSet(classes: .space)

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        containsPositively(scalar) != isNegated
    }

    private func containsPositively(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        for range in ranges where range.contains(value) { return true }
        if classes.isEmpty { return false }
        let isDigit = value >= 0x30 && value <= 0x39
        // ASCII answered directly (the Unicode properties are looked up in tables: most of the did-you-mean's time
        // when every scalar of a step is tried against a class).
        let isSpace = value < 0x80 ? value == 0x20 || (value >= 0x09 && value <= 0x0D) : scalar.properties.isWhitespace
        let isLetter = (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A)
        let isWord = isDigit || value == 0x5F || isLetter
        if classes.contains(.digit) && isDigit { return true }
        if classes.contains(.word) && isWord { return true }
        if classes.contains(.space) && isSpace { return true }
        if classes.contains(.notDigit) && !isDigit { return true }
        if classes.contains(.notWord) && !isWord { return true }
        if classes.contains(.notSpace) && !isSpace { return true }
        return false
    }
}

/// A scalar compared without case: ASCII letters lowered directly, others through their lowercase mapping when it
/// is a single scalar.
@inline(__always)
func folded(_ scalar: Unicode.Scalar) -> UInt32 {
    let value = scalar.value
    if value < 0x80 { return value >= 0x41 && value <= 0x5A ? value + 32 : value }
    guard scalar.properties.changesWhenLowercased else { return value }
    let lowered = scalar.properties.lowercaseMapping.unicodeScalars
    return lowered.count == 1 ? lowered.first?.value ?? value : value
}
