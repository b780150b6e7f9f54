/// Proposes Cucumber Expressions for the text of an undefined step, for snippets, in the order the official
/// generator proposes them.
///
/// Parameter types with `useForSnippets` (`{int}`, `{float}`, `{string}` and custom types by default) are
/// matched at word boundaries, leftmost first, longest first; where several types match the same text,
/// one expression is proposed per combination (preferential types first, then by name; at most 256).
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

    private let parameterTypes: [ParameterType]

    /// Creates a generator proposing the snippet parameter types of `registry`.
    public init(registry: ParameterTypeRegistry) {
        parameterTypes = registry.parameterTypes.filter(\.useForSnippets)
    }

    /// The expressions proposed for `text`, best first.
    public func generateExpressions(for text: String) -> [GeneratedExpression] {
        let units = Array(text.utf16)
        let matchers = parameterTypes.flatMap { parameterType in
            parameterType.regexps.compactMap { regexp in
                (try? TreeRegex("(" + regexp + ")")).map {
                    ParameterTypeMatcher(parameterType: parameterType, regex: $0)
                }
            }
        }
        var segments: [String] = []
        var combinations: [[ParameterType]] = []
        var position = 0
        while true {
            var found: [(match: ParameterTypeMatcher.Match, order: Int)] = []
            for (order, matcher) in matchers.enumerated() {
                if let match = matcher.firstMatch(in: units, from: position) {
                    found.append((match, order))
                }
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
            segments.append(Self.escape(units[position..<best.start]))
            position = best.start + best.length
            if position >= units.count { break }
        }
        segments.append(Self.escape(units[min(position, units.count)...]))

        var expressions: [GeneratedExpression] = []
        func generate(_ depth: Int, _ chosen: [ParameterType]) {
            guard expressions.count < Self.maximumExpressions else { return }
            if depth == combinations.count {
                expressions.append(GeneratedExpression(segments: segments, parameterTypes: chosen))
                return
            }
            for parameterType in combinations[depth] {
                guard expressions.count < Self.maximumExpressions else { return }
                generate(depth + 1, chosen + [parameterType])
            }
        }
        generate(0, [])
        return expressions
    }

    private func stableSorted(_ types: [ParameterType]) -> [ParameterType] {
        types.enumerated().sorted { lhs, rhs in
            if ParameterType.areInIncreasingOrder(lhs.element, rhs.element) { return true }
            if ParameterType.areInIncreasingOrder(rhs.element, lhs.element) { return false }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Escapes the text between parameters: `\`, `(`, `{` and `/` get a backslash.
    private static func escape(_ units: ArraySlice<UInt16>) -> String {
        // Scalar by scalar, as the expression parser reads: a `{` followed by a combining mark is one `Character`
        // (which `String.replacing` would not match) but still the start of a parameter to the parser.
        var escaped = String.UnicodeScalarView()
        for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
            if scalar == "\\" || scalar == "(" || scalar == "{" || scalar == "/" { escaped.append("\\") }
            escaped.append(scalar)
        }
        return String(escaped)
    }
}

/// Finds where one regexp of a parameter type matches a whole word of a text.
private struct ParameterTypeMatcher {
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

    /// The first non-empty whole-word match found by searching the text from `position`, then again from just
    /// after each match that is empty or not a whole word.
    ///
    /// A search that finds nothing ends the scan: a later start would find nothing either. (Searching again from
    /// every later position made this cubic in the length of the text, and a pattern over the matcher's step
    /// budget then cost a full budget per position.)
    func firstMatch(in units: [UInt16], from position: Int) -> Match? {
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
        guard let scalar = Unicode.Scalar(units[index]) else { return false }
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
        parameterInfos.map { $0.count == 1 ? $0.name : "\($0.name)\($0.count)" }
    }

    /// The parameters, for the snippet's signature.
    public var parameterInfos: [ParameterInfo] {
        var usage: [String: Int] = [:]
        return parameterTypes.map { parameterType in
            let name = parameterType.name ?? ""
            usage[name, default: 0] += 1
            return ParameterInfo(
                type: String(describing: parameterType.valueType), name: name, count: usage[name, default: 1])
        }
    }
}
