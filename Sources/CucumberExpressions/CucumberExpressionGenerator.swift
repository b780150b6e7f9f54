import RegexEngine

/// Proposes Cucumber Expressions for the text of an undefined step, for snippets, in the order the official
/// generator proposes them.
///
/// Parameter types with `useForSnippets` (`{int}`, `{float}`, `{string}` and custom types by default) are
/// matched at word boundaries, leftmost first, longest first; where several types match the same text,
/// one expression is proposed per combination (preferential types first, then by name; at most 256, fewer for a
/// step longer than 4 KB: see `expressionBudget`).
///
/// ```swift
/// let generator = CucumberExpressionGenerator(registry: ParameterTypeRegistry())
/// let proposals = generator.generateExpressions(for: "I have 10 cukes and \"blue\" hats")
/// proposals.map(\.source)
/// // ["I have {int} cukes and {string} hats", "I have {float} cukes and {string} hats"]
/// proposals[0].parameterNames // ["int", "string"]
/// ```
public struct CucumberExpressionGenerator: Sendable {
    /// The most expressions `generateExpressions(for:)` returns.
    public static let maximumExpressions = 256

    /// About how many characters the expressions proposed for one text may hold together (1 MiB): a text longer
    /// than 4 KB gets fewer than `maximumExpressions` (a 1 MB step gets one), so that the snippets of one
    /// undefined step stay linear in its length, with a small factor.
    public static let expressionBudget = 1 << 20

    /// One matcher per regexp of each snippet parameter type, compiled once.
    private let matchers: [ParameterTypeMatcher]

    /// Creates a generator proposing the snippet parameter types of `registry`.
    public init(registry: ParameterTypeRegistry) {
        matchers = registry.parameterTypes.filter(\.useForSnippets).flatMap { parameterType in
            parameterType.regexps.compactMap { regexp in
                (try? TreeRegex("(" + regexp + ")")).map {
                    ParameterTypeMatcher(parameterType: parameterType, regex: $0)
                }
            }
        }
    }

    /// The expressions proposed for `text`, best first.
    public func generateExpressions(for text: String) -> [GeneratedExpression] {
        let searched = SearchedText(text)
        let units = searched.units
        // Each matcher's last answer: the first whole-word match at or after a position is also the first at or
        // after any later position up to that match, and no match stays no match. Asking again only when the
        // position passed the answer keeps a long step linear instead of cubic.
        var answers: [(from: Int, match: ParameterTypeMatcher.Match?)?] = Array(repeating: nil, count: matchers.count)
        var segments: [String] = []
        var combinations: [[ParameterType]] = []
        var position = 0
        while true {
            var found: [(match: ParameterTypeMatcher.Match, order: Int)] = []
            for (order, matcher) in matchers.enumerated() {
                let match: ParameterTypeMatcher.Match?
                if matcher.regex.searchesFromAnyPosition, let answer = answers[order], answer.from <= position,
                    answer.match.map({ position <= $0.start }) ?? true
                {
                    match = answer.match
                } else {
                    match = matcher.firstMatch(in: searched, from: position)
                    answers[order] = (position, match)
                }
                if let match { found.append((match, order)) }
            }
            guard !found.isEmpty else { break }
            found.sort { lhs, rhs in
                let comparison = ParameterTypeMatcher.Match.compare(lhs.match, rhs.match)
                return comparison != 0 ? comparison < 0 : lhs.order < rhs.order
            }
            let best = found[0].match
            var types: [ParameterType] = []
            for candidate in found where ParameterTypeMatcher.Match.compare(candidate.match, best) == 0 {
                if !types.contains(where: { $0.name == candidate.match.parameterType.name }) {
                    types.append(candidate.match.parameterType)
                }
            }
            combinations.append(stableSorted(types))
            segments.append(Self.escape(searched.bytes(fromUTF16: position, to: best.start)))
            position = best.start + best.length
            if position >= units.count { break }
        }
        segments.append(Self.escape(searched.bytes(fromUTF16: min(position, units.count), to: units.count)))

        // Every combination of the types found at each place, the last place varying fastest (the official
        // generator's order), counted like an odometer: no recursion, so no stack as deep as the parameters.
        let limit = Self.expressionLimit(textLength: units.count, parameterCount: combinations.count)
        var choice = [Int](repeating: 0, count: combinations.count)
        var expressions: [GeneratedExpression] = []
        while expressions.count < limit {
            var chosen: [ParameterType] = []
            chosen.reserveCapacity(combinations.count)
            for (place, index) in choice.enumerated() { chosen.append(combinations[place][index]) }
            expressions.append(GeneratedExpression(segments: segments, parameterTypes: chosen))
            var place = combinations.count - 1
            while place >= 0 {
                choice[place] += 1
                if choice[place] < combinations[place].count { break }
                choice[place] = 0
                place -= 1
            }
            if place < 0 { break }
        }
        return expressions
    }

    /// How many expressions to propose for a text of `textLength` UTF-16 units with `parameterCount` parameters:
    /// `maximumExpressions`, fewer for a text so long that they would pass `expressionBudget` (each expression, and
    /// each snippet made from it, is about as long as the text plus its parameters' declarations), at least one.
    static func expressionLimit(textLength: Int, parameterCount: Int) -> Int {
        let size = max(1, textLength + 16 * parameterCount)
        return max(1, min(maximumExpressions, expressionBudget / size))
    }

    private func stableSorted(_ types: [ParameterType]) -> [ParameterType] {
        types.enumerated().sorted { lhs, rhs in
            if ParameterType.areInIncreasingOrder(lhs.element, rhs.element) { return true }
            if ParameterType.areInIncreasingOrder(rhs.element, lhs.element) { return false }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Escapes the text between parameters (UTF-8): `\`, `(`, `{` and `/` get a backslash.
    private static func escape(_ bytes: ArraySlice<UInt8>) -> String {
        // Byte by byte, which is scalar by scalar for these four ASCII characters, as the expression parser reads:
        // a `{` followed by a combining mark is one `Character` (which `String.replacing` would not match) but
        // still the start of a parameter to the parser.
        func isEscaped(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "{")
                || byte == UInt8(ascii: "/")
        }
        guard bytes.contains(where: isEscaped) else { return String(decoding: bytes, as: UTF8.self) }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count + 8)
        for byte in bytes {
            if isEscaped(byte) { escaped.append(UInt8(ascii: "\\")) }
            escaped.append(byte)
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}

/// A step's text as the generator searches it: UTF-16 units (offsets as JavaScript counts them), UTF-8 bytes (what
/// the matcher reads) and the offsets between them.
struct SearchedText {
    let units: [UInt16]
    let bytes: [UInt8]
    /// For each UTF-16 offset, the byte offset of the scalar that starts there or, inside a surrogate pair, of the
    /// next scalar; one more entry for the end.
    private let byteOffsets: [Int]
    /// For each byte offset, the UTF-16 offset of the scalar containing it; one more entry for the end.
    private let utf16Offsets: [Int]

    init(_ text: String) {
        units = Array(text.utf16)
        bytes = Array(text.utf8)
        var byteOffsets: [Int] = []
        var utf16Offsets: [Int] = []
        byteOffsets.reserveCapacity(units.count + 1)
        utf16Offsets.reserveCapacity(bytes.count + 1)
        var byte = 0
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            let unitCount = UTF16.width(scalar)
            utf16Offsets.append(contentsOf: repeatElement(byteOffsets.count, count: width))
            byteOffsets.append(byte)
            if unitCount == 2 { byteOffsets.append(byte + width) }
            byte += width
        }
        byteOffsets.append(byte)
        utf16Offsets.append(byteOffsets.count - 1)
        self.byteOffsets = byteOffsets
        self.utf16Offsets = utf16Offsets
    }

    /// The UTF-8 bytes from UTF-16 offset `start` to `end` (scalar boundaries).
    func bytes(fromUTF16 start: Int, to end: Int) -> ArraySlice<UInt8> {
        bytes[byteOffset(ofUTF16: start)..<byteOffset(ofUTF16: end)]
    }

    func byteOffset(ofUTF16 offset: Int) -> Int {
        byteOffsets[min(offset, byteOffsets.count - 1)]
    }

    func utf16Offset(ofByte offset: Int) -> Int {
        utf16Offsets[min(offset, utf16Offsets.count - 1)]
    }
}

/// Finds where one regexp of a parameter type matches a whole word of a text.
struct ParameterTypeMatcher {
    struct Match {
        let parameterType: ParameterType
        /// UTF-16 offset of the match.
        let start: Int
        /// Length in UTF-16 code units.
        let length: Int

        /// Leftmost first, then longest first.
        static func compare(_ lhs: Match, _ rhs: Match) -> Int {
            if lhs.start != rhs.start { return lhs.start < rhs.start ? -1 : 1 }
            if lhs.length != rhs.length { return lhs.length > rhs.length ? -1 : 1 }
            return 0
        }
    }

    let parameterType: ParameterType
    let regex: TreeRegex

    /// The first non-empty whole-word match found by searching the text from `position` (a UTF-16 offset), then
    /// again from just after each match that is empty or not a whole word.
    ///
    /// A search that finds nothing ends the scan: a later start would find nothing either. A pattern that does
    /// not look behind its start is searched in place; one that does (`^`, `\b`) in a copy of the rest of the text,
    /// as the official generator searches it.
    func firstMatch(in text: SearchedText, from position: Int) -> Match? {
        let units = text.units
        if regex.searchesFromAnyPosition {
            let found: Range<Int>?? = text.bytes.withUnsafeBufferPointer { bytes in
                // Only a non-empty match after a boundary is a whole word: the pattern is not tried inside a word,
                // nor where no non-empty match can start.
                try? regex.firstMatchRange(
                    in: bytes, from: text.byteOffset(ofUTF16: position), nonEmpty: true,
                    startingWhere: { Self.isBoundary(units, text.utf16Offset(ofByte: $0) - 1) }
                ) { match in
                    let start = text.utf16Offset(ofByte: match.lowerBound)
                    let end = text.utf16Offset(ofByte: match.upperBound)
                    return end > start && Self.isBoundary(units, start - 1) && Self.isBoundary(units, end)
                }
            }
            guard let bytes = found ?? nil else { return nil }
            let start = text.utf16Offset(ofByte: bytes.lowerBound)
            return Match(
                parameterType: parameterType, start: start, length: text.utf16Offset(ofByte: bytes.upperBound) - start)
        }
        var start = position
        while start < units.count {
            let rest = String(decoding: units[start...], as: UTF16.self)
            guard let group = try? regex.match(rest), let offset = group.start, let end = group.end else {
                return nil
            }
            let matchStart = start + offset
            let matchEnd = start + end
            if end > offset && Self.isBoundary(units, matchStart - 1) && Self.isBoundary(units, matchEnd) {
                return Match(parameterType: parameterType, start: matchStart, length: matchEnd - matchStart)
            }
            start = matchStart + 1
        }
        return nil
    }

    /// True outside the text or at white space, punctuation or a symbol.
    private static func isBoundary(_ units: [UInt16], _ index: Int) -> Bool {
        guard index >= 0 && index < units.count else { return true }
        let unit = units[index]
        // ASCII from a table of the same rule: asking for a general category is slow, and it is asked at every
        // position of every undefined step's text.
        if unit < 128 { return asciiBoundaries[Int(unit)] }
        return isBoundary(unit)
    }

    /// `isBoundary` of each ASCII code unit.
    private static let asciiBoundaries: [Bool] = (0..<128).map { isBoundary(UInt16($0)) }

    private static func isBoundary(_ unit: UInt16) -> Bool {
        guard let scalar = Unicode.Scalar(unit) else { return false }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation,
            .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}

/// An expression proposed by `CucumberExpressionGenerator`, with what a snippet needs to declare its
/// parameters.
///
/// ```swift
/// let proposal = CucumberExpressionGenerator(registry: ParameterTypeRegistry())
///     .generateExpressions(for: "I like \"bangers\" and 'mash'")[0]
/// proposal.source         // I like {string} and {string}
/// proposal.parameterNames // ["string", "string2"]
/// ```
public struct GeneratedExpression: Sendable {
    /// A parameter of the generated expression, for the snippet's signature.
    public struct ParameterInfo: Sendable, Hashable {
        /// The Swift type of the parameter's values, e.g. `Int`.
        public let type: String
        /// The parameter type's name, e.g. `int`.
        public let name: String
        /// How many parameters of this type precede it, this one included.
        public let count: Int

        /// The parameter's name in a snippet: the type's name, numbered from the second of its type (`string2`).
        public var parameterName: String { count == 1 ? name : "\(name)\(count)" }
    }

    private let segments: [String]
    /// The parameter types, in order.
    public let parameterTypes: [ParameterType]

    init(segments: [String], parameterTypes: [ParameterType]) {
        self.segments = segments
        self.parameterTypes = parameterTypes
    }

    /// The Cucumber Expression.
    public var source: String {
        var result = segments[0]
        for (index, parameterType) in parameterTypes.enumerated() {
            result += "{\(parameterType.name ?? "")}" + segments[index + 1]
        }
        return result
    }

    /// Names for the parameters in a snippet: the type's name, numbered from the second use on
    /// (`int`, `int2`, `string`).
    public var parameterNames: [String] {
        parameterInfos.map(\.parameterName)
    }

    /// The parameters, for the snippet's signature.
    public var parameterInfos: [ParameterInfo] {
        var usage: [String: Int] = [:]
        return parameterTypes.map { parameterType in
            let name = parameterType.name ?? ""
            usage[name, default: 0] += 1
            return ParameterInfo(
                type: parameterType.valueTypeName, name: name, count: usage[name, default: 1])
        }
    }
}
