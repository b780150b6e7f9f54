// Character classes, and the ECMAScript scalar categories they test (`\d`, `\w`, `\s`, line terminators).

/// A set of scalars: `[...]`, `\d`, `\w`, `\s` and their negations, with ECMAScript meanings
/// (`\d` and `\w` are ASCII only, `\s` is Unicode white space).
struct CharacterClass: Equatable, Sendable {
    enum Item: Equatable, Sendable {
        case range(UInt32, UInt32)
        case digit(negated: Bool)
        case word(negated: Bool)
        case space(negated: Bool)
    }

    var items: [Item]
    var negated: Bool

    /// Membership of the 128 ASCII scalars, precomputed.
    private(set) var asciiLow: UInt64 = 0
    private(set) var asciiHigh: UInt64 = 0

    init(items: [Item], negated: Bool) {
        self.items = items
        self.negated = negated
        for scalar in UInt32(0)..<128 where slowContains(scalar) {
            if scalar < 64 {
                asciiLow |= 1 << UInt64(scalar)
            } else {
                asciiHigh |= 1 << UInt64(scalar - 64)
            }
        }
    }

    static func digit(negated: Bool) -> CharacterClass {
        CharacterClass(items: [.digit(negated: negated)], negated: false)
    }
    static func word(negated: Bool) -> CharacterClass {
        CharacterClass(items: [.word(negated: negated)], negated: false)
    }
    static func space(negated: Bool) -> CharacterClass {
        CharacterClass(items: [.space(negated: negated)], negated: false)
    }

    @inline(__always)
    func contains(_ scalar: UInt32) -> Bool {
        if scalar < 64 { return asciiLow & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return asciiHigh & (1 << UInt64(scalar - 64)) != 0 }
        return slowContains(scalar)
    }

    private func slowContains(_ scalar: UInt32) -> Bool {
        var found = false
        for item in items {
            switch item {
            case .range(let low, let high): found = low <= scalar && scalar <= high
            case .digit(let negated): found = isDigit(scalar) != negated
            case .word(let negated): found = isWordScalar(scalar) != negated
            case .space(let negated): found = isSpaceScalar(scalar) != negated
            }
            if found { break }
        }
        return found != negated
    }
}

@inline(__always)
func isDigit(_ scalar: UInt32) -> Bool { scalar >= 0x30 && scalar <= 0x39 }

/// `\w` in ECMAScript: `[A-Za-z0-9_]`.
@inline(__always)
func isWordScalar(_ scalar: UInt32) -> Bool {
    (scalar >= 0x61 && scalar <= 0x7A) || (scalar >= 0x41 && scalar <= 0x5A) || isDigit(scalar) || scalar == 0x5F
}

/// `\s` in ECMAScript: white space and line terminators.
func isSpaceScalar(_ scalar: UInt32) -> Bool {
    switch scalar {
    case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
        return true
    default:
        return false
    }
}

/// Line terminators, which `.` does not match.
@inline(__always)
func isLineTerminator(_ scalar: UInt32) -> Bool {
    scalar == 0x0A || scalar == 0x0D || scalar == 0x2028 || scalar == 0x2029
}
