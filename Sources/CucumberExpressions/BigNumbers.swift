/// An integer of any size, the value of `{biginteger}`.
///
/// It keeps the exact digits (Foundation's `Decimal` stops at 38), compares and prints them; it does no
/// arithmetic. Convert with `int64Value` or `doubleValue` when the value fits.
///
/// ```swift
/// let big = BigInteger("-031415926535897932384626433832795028841971")
/// big?.description // "-31415926535897932384626433832795028841971"
/// big?.int64Value  // nil: too large
/// ```
public struct BigInteger: Sendable, Hashable, Comparable, CustomStringConvertible, LosslessStringConvertible {
    /// True for a value below zero.
    public let isNegative: Bool
    /// The decimal digits of the magnitude, without leading zeros ("0" for zero).
    public let digits: String

    /// Parses `[+-]?[0-9]+`; nil for anything else.
    public init?(_ description: String) {
        var scalars = Substring(description).unicodeScalars[...]
        var negative = false
        if let sign = scalars.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            scalars = scalars.dropFirst()
        }
        guard !scalars.isEmpty, scalars.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }) else { return nil }
        let trimmed = scalars.drop { $0 == "0" }
        digits = trimmed.isEmpty ? "0" : String(String.UnicodeScalarView(trimmed))
        isNegative = negative && digits != "0"
    }

    /// Creates the value of `value`.
    public init(_ value: Int) {
        isNegative = value < 0
        digits = String(value.magnitude)
    }

    init(isNegative: Bool, digits: String) {
        self.isNegative = isNegative && digits != "0"
        self.digits = digits
    }

    /// The value as `Int64`, or nil when it does not fit.
    public var int64Value: Int64? { Int64(description) }

    /// The nearest `Double`.
    public var doubleValue: Double { Double(description) ?? (isNegative ? -.infinity : .infinity) }

    /// The decimal representation, e.g. `-42`.
    public var description: String { isNegative ? "-" + digits : digits }

    /// Orders by value.
    public static func < (lhs: BigInteger, rhs: BigInteger) -> Bool {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
        let magnitudeLess = BigInteger.magnitudeLess(lhs.digits, rhs.digits)
        let magnitudeGreater = BigInteger.magnitudeLess(rhs.digits, lhs.digits)
        return lhs.isNegative ? magnitudeGreater : magnitudeLess
    }

    static func magnitudeLess(_ lhs: String, _ rhs: String) -> Bool {
        let (left, right) = (lhs.utf8.count, rhs.utf8.count)
        return left != right ? left < right : lhs < rhs
    }
}

/// A decimal number of any size and precision, the value of `{bigdecimal}`.
///
/// It keeps every digit (value = `significand` × 10^`exponent`, normalised so that equal values are equal),
/// compares and prints them; it does no arithmetic. Convert with `doubleValue` when precision may be lost.
///
/// ```swift
/// let pi = BigDecimal("3.1415926535897932384626433832795028841971693993751")
/// pi?.description // "3.1415926535897932384626433832795028841971693993751"
/// BigDecimal("1.5E+3")?.description // "1500"
/// ```
public struct BigDecimal: Sendable, Hashable, Comparable, CustomStringConvertible, LosslessStringConvertible {
    /// The digits, as an integer without trailing zeros (zero is "0").
    public let significand: BigInteger
    /// The power of ten the significand is multiplied by.
    public let exponent: Int

    /// Parses `[+-]?digits[.digits][(e|E)[+-]?digits]` (either side of the point may be empty, not both).
    public init?(_ description: String) {
        let scalars = Array(description.unicodeScalars)
        var index = 0
        var negative = false
        if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" {
            negative = scalars[index] == "-"
            index += 1
        }
        func isDigit(_ position: Int) -> Bool {
            position < scalars.count && scalars[position].value >= 0x30 && scalars[position].value <= 0x39
        }
        var digits = String.UnicodeScalarView()
        var fractionDigits = 0
        while isDigit(index) {
            digits.append(scalars[index])
            index += 1
        }
        if index < scalars.count, scalars[index] == "." {
            index += 1
            while isDigit(index) {
                digits.append(scalars[index])
                fractionDigits += 1
                index += 1
            }
        }
        guard !digits.isEmpty else { return nil }
        var exponent = -fractionDigits
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            var exponentText = ""
            if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" {
                exponentText.unicodeScalars.append(scalars[index])
                index += 1
            }
            let digitsStart = index
            while isDigit(index) {
                exponentText.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard index > digitsStart, let value = Int(exponentText), abs(value) < Int.max / 2 else { return nil }
            exponent += value
        }
        guard index == scalars.count, let integer = BigInteger(String(digits)) else { return nil }
        self.init(significand: BigInteger(isNegative: negative, digits: integer.digits), exponent: exponent)
    }

    init(significand: BigInteger, exponent: Int) {
        var digits = Substring(significand.digits)
        var exponent = exponent
        if digits == "0" {
            exponent = 0
        } else {
            while digits.last == "0" {
                digits.removeLast()
                exponent += 1
            }
        }
        self.significand = BigInteger(isNegative: significand.isNegative, digits: String(digits))
        self.exponent = exponent
    }

    /// The nearest `Double`.
    public var doubleValue: Double { Double(description) ?? (significand.isNegative ? -.infinity : .infinity) }

    /// Plain decimal notation (`1500`, `-0.001`), or scientific notation (`1.5E+300`) when plain notation would
    /// need more than 64 extra zeros.
    public var description: String {
        let sign = significand.isNegative ? "-" : ""
        let digits = significand.digits
        let count = digits.utf8.count
        if exponent >= 0 {
            if exponent <= 64 { return sign + digits + String(repeating: "0", count: exponent) }
        } else if -exponent < count {
            let point = digits.index(digits.startIndex, offsetBy: count + exponent)
            return sign + digits[..<point] + "." + digits[point...]
        } else if -exponent - count <= 64 {
            return sign + "0." + String(repeating: "0", count: -exponent - count) + digits
        }
        let first = digits.prefix(1)
        let rest = digits.dropFirst()
        let scientificExponent = exponent + count - 1
        return sign + first + (rest.isEmpty ? "" : "." + rest) + "E" + (scientificExponent < 0 ? "-" : "+")
            + String(scientificExponent.magnitude)
    }

    /// Orders by value.
    public static func < (lhs: BigDecimal, rhs: BigDecimal) -> Bool {
        let (left, right) = (lhs.significand, rhs.significand)
        if left.isNegative != right.isNegative { return left.isNegative }
        if left.digits == "0" || right.digits == "0" {
            // Zero against a same-signed (non-negative) value.
            return left.digits == "0" && right.digits != "0"
        }
        let magnitudeLess: Bool
        let leftMagnitude = left.digits.utf8.count + lhs.exponent
        let rightMagnitude = right.digits.utf8.count + rhs.exponent
        if leftMagnitude != rightMagnitude {
            magnitudeLess = leftMagnitude < rightMagnitude
        } else {
            // Same order of magnitude: compare the digit strings, padded to the same length.
            let width = max(left.digits.utf8.count, right.digits.utf8.count)
            let leftPadded = left.digits + String(repeating: "0", count: width - left.digits.utf8.count)
            let rightPadded = right.digits + String(repeating: "0", count: width - right.digits.utf8.count)
            if leftPadded == rightPadded { return false }
            magnitudeLess = leftPadded < rightPadded
        }
        return left.isNegative ? !magnitudeLess : magnitudeLess
    }
}
