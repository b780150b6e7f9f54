import Foundation

/// The nesting of the capture groups of a pattern, read from its source the way cucumber-expressions'
/// `TreeRegexp` does: `(?:...)`, `(?=...)`, `(?!...)`, `(?<=...)` and `(?<!...)` do not capture, their
/// capture groups belong to the enclosing group.
package struct GroupShape: Sendable, Equatable {
    /// The source between the group's parentheses (the whole pattern for the root).
    package var source: String
    package var children: [GroupShape]

    /// The number of capture groups, not counting the root.
    var captureCount: Int { children.reduce(0) { $0 + 1 + $1.captureCount } }

    init(source: String, children: [GroupShape] = []) {
        self.source = source
        self.children = children
    }

    init(pattern: String) {
        self = GroupShape.scan(pattern).shape
    }

    /// The shape of `pattern`, with its number of capture groups and the deepest nesting of parentheses
    /// (computed without recursion, so that absurd nesting cannot exhaust the stack; the scan stops when the
    /// nesting exceeds `TreeRegex.maximumNesting`).
    static func scan(_ pattern: String) -> (shape: GroupShape, captureCount: Int, depth: Int) {
        var captureCount = 0
        var depth = 0
        let scalars = Array(pattern.unicodeScalars)
        var stack: [(builder: GroupShape, start: Int, capturing: Bool)] = [
            (GroupShape(source: pattern), -1, true)
        ]
        var escaping = false
        var inClass = false
        for (index, scalar) in scalars.enumerated() {
            if scalar == "[" && !escaping {
                inClass = true
            } else if scalar == "]" && !escaping {
                inClass = false
            } else if scalar == "(" && !escaping && !inClass {
                let capturing = !Self.isNonCapturing(scalars, at: index)
                if capturing { captureCount += 1 }
                stack.append((GroupShape(source: ""), index, capturing))
                depth = max(depth, stack.count - 1)
                if depth > TreeRegex.maximumNesting { break }
            } else if scalar == ")" && !escaping && !inClass && stack.count > 1 {
                var (builder, start, capturing) = stack.removeLast()
                if capturing {
                    builder.source = String(String.UnicodeScalarView(scalars[(start + 1)..<index]))
                    stack[stack.count - 1].builder.children.append(builder)
                } else {
                    stack[stack.count - 1].builder.children.append(contentsOf: builder.children)
                }
            }
            escaping = scalar == "\\" && !escaping
        }
        return (stack[0].builder, captureCount, depth)
    }

    private static func isNonCapturing(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 1 < scalars.count, scalars[index + 1] == "?" else { return false }
        guard index + 2 < scalars.count, scalars[index + 2] == "<" else { return true }
        return index + 3 < scalars.count && (scalars[index + 3] == "=" || scalars[index + 3] == "!")
    }
}

/// An ICU regular expression (`NSRegularExpression`, immutable and documented as safe to share between threads):
/// the fallback of `TreeRegex`, and what `--name` patterns are.
package final class FoundationRegex: @unchecked Sendable {
    /// The progress calls allowed beyond one per start position (about a second of backtracking).
    static let progressAllowance = 1_000

    let regex: NSRegularExpression

    init(_ regex: NSRegularExpression) {
        self.regex = regex
    }

    /// Compiles `pattern`; throws when it is not a valid ICU regular expression.
    package convenience init(pattern: String) throws {
        self.init(try NSRegularExpression(pattern: pattern))
    }

    /// Whether the pattern matches somewhere in `text`.
    package func matches(_ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

/// A compiled regular expression that reports its match as a tree of `MatchGroup`s.
///
/// Runs on the built-in matcher when the pattern stays inside the ECMAScript subset it implements, and on
/// `NSRegularExpression` (ICU) otherwise. The built-in matcher exists for three reasons: JavaScript's semantics,
/// as Cucumber Expressions and cucumber-js's regular-expression steps define them (ICU's differ on `\s`, `\w`,
/// `$` and empty-loop rules); a step budget, so a catastrophic pattern fails with an error instead of hanging a run;
/// and speed. `feed-specs-bench regex` (release build, 2-core Linux VM, 200,000 step texts against the patterns of
/// four typical step definitions) measured 130 ns per match for the built-in matcher, 850 ns for
/// `NSRegularExpression` and 1,200 ns for Swift `Regex`: 6.5 and 9 times slower.
package final class TreeRegex: Sendable {
    enum Engine: Sendable {
        case builtIn(RegexProgram)
        case foundation(FoundationRegex)
    }

    /// The deepest nesting of parentheses accepted (recursive algorithms walk the groups).
    static let maximumNesting = 200

    package let pattern: String
    let engine: Engine
    package let shape: GroupShape
    /// The number of children of each group, in pre-order (the root first).
    private let childCounts: [Int]

    /// Compiles `pattern`; `preferFoundation` skips the built-in matcher (for measurements and tests).
    package init(_ pattern: String, preferFoundation: Bool = false) throws(RegularExpressionError) {
        self.pattern = pattern
        let scan = GroupShape.scan(pattern)
        guard scan.depth <= TreeRegex.maximumNesting else {
            throw RegularExpressionError(
                pattern: pattern,
                message:
                    "Invalid regular expression /\(pattern)/: parentheses nest deeper than \(TreeRegex.maximumNesting) levels"
            )
        }
        shape = scan.shape
        var counts: [Int] = []
        func flatten(_ shape: GroupShape) {
            counts.append(shape.children.count)
            shape.children.forEach(flatten)
        }
        flatten(shape)
        childCounts = counts
        var issue: RegexSyntaxIssue?
        if !preferFoundation {
            var parser = RegexParser(pattern)
            do {
                let root = try parser.parse()
                if parser.captureCount == scan.captureCount {
                    engine = .builtIn(try RegexProgram(root, captureCount: parser.captureCount))
                    return
                }
                issue = .unsupported("capture groups")
            } catch {
                issue = error
            }
        }
        do {
            engine = .foundation(FoundationRegex(try NSRegularExpression(pattern: pattern)))
        } catch {
            let reason: String
            switch issue {
            case .invalid(let message, let offset): reason = "\(message) at offset \(offset)"
            case .unsupported(let construct): reason = "not a valid pattern (\(construct))"
            case nil: reason = "not a valid pattern"
            }
            throw RegularExpressionError(
                pattern: pattern, message: "Invalid regular expression /\(pattern)/: \(reason)")
        }
    }

    /// True when the built-in matcher runs this pattern.
    package var usesBuiltInMatcher: Bool {
        if case .builtIn = engine { return true }
        return false
    }

    /// The literal bytes every match starts with when the pattern is anchored at the start (`^abc`), and ends
    /// with when it is anchored at the end (`xyz$`); empty otherwise, or on the ICU fallback. For prefiltering.
    package var anchoredLiterals: (prefix: [UInt8], suffix: [UInt8]) {
        guard case .builtIn(let program) = engine else { return ([], []) }
        return (
            program.anchoredAtStart ? program.literalPrefix : [], program.anchoredAtEnd ? program.literalSuffix : []
        )
    }

    /// Whether `firstMatchRange(in:from:)` may search from a position inside a text: true when the built-in matcher
    /// runs the pattern and no attempt depends on what comes before its start (no `^`, `\b`, `\B`), so searching
    /// from a position is the same as searching the text cut there.
    package var searchesFromAnyPosition: Bool {
        if case .builtIn(let program) = engine { return !program.looksBehindItsStart }
        return false
    }

    /// The byte range of the whole leftmost match in `bytes` starting at or after byte `start` (a scalar boundary)
    /// that `accept` accepts, or nil; only for patterns where `searchesFromAnyPosition`. A refused match makes the
    /// search go on from the next start position. `canStart` may skip start positions where `accept` would refuse
    /// every match (the pattern is not tried there). `nonEmpty` finds only non-empty matches, and skips the
    /// positions no non-empty match can start at (by the first byte it would consume) without trying the pattern.
    package func firstMatchRange(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, nonEmpty: Bool = false,
        startingWhere canStart: (Int) -> Bool = { _ in true }, accepting accept: (Range<Int>) -> Bool
    ) throws(RegularExpressionError) -> Range<Int>? {
        guard case .builtIn(let program) = engine, !program.looksBehindItsStart else { return nil }
        do {
            return try program.withFirstMatch(
                in: bytes, from: start, nonEmpty: nonEmpty, startingWhere: canStart,
                accepting: { slots in accept(slots[0]..<slots[1]) }
            ) { slots in slots[0]..<slots[1] }
        } catch {
            throw RegularExpressionError(
                pattern: pattern,
                message:
                    "The regular expression /\(pattern)/ needs more than "
                    + "\(RegexProgram.stepBudget(forByteCount: bytes.count)) steps to match; "
                    + "simplify it (nested quantifiers backtrack catastrophically)")
        }
    }

    /// The group tree of the leftmost match of the pattern in `text`, or nil.
    package func match(_ text: String) throws(RegularExpressionError) -> MatchGroup? {
        try match(text, includeRoot: true)?.first
    }

    /// The top-level capture groups (the arguments) of the leftmost match in `text`, or nil; skips building
    /// the root group.
    package func matchArguments(_ text: String) throws(RegularExpressionError) -> [MatchGroup]? {
        try match(text, includeRoot: false)
    }

    /// `matchArguments(_:)` for a caller that already holds the UTF-8 bytes of `text`.
    package func matchArguments(utf8 bytes: UnsafeBufferPointer<UInt8>, text: String) throws(RegularExpressionError)
        -> [MatchGroup]?
    {
        try match(utf8: bytes, text: text, includeRoot: false)
    }

    private func match(_ text: String, includeRoot: Bool) throws(RegularExpressionError) -> [MatchGroup]? {
        if case .foundation = engine {
            return try match(utf8: UnsafeBufferPointer(start: nil, count: 0), text: text, includeRoot: includeRoot)
        }
        var utf8 = text
        let result = utf8.withUTF8 { bytes -> Result<[MatchGroup]?, RegularExpressionError> in
            do throws(RegularExpressionError) {
                return .success(try match(utf8: bytes, text: text, includeRoot: includeRoot))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func match(
        utf8 bytes: UnsafeBufferPointer<UInt8>, text: String, includeRoot: Bool
    ) throws(RegularExpressionError) -> [MatchGroup]? {
        switch engine {
        case .builtIn(let program):
            do {
                return try program.withFirstMatch(in: bytes) { slots in
                    childCounts.withUnsafeBufferPointer { childCounts in
                        var reader = SlotReader(slots: slots, bytes: bytes, childCounts: childCounts)
                        return includeRoot ? [reader.group()] : reader.rootChildren()
                    }
                }
            } catch {
                throw RegularExpressionError(
                    pattern: pattern,
                    message:
                        "The regular expression /\(pattern)/ needs more than "
                        + "\(RegexProgram.stepBudget(forByteCount: bytes.count)) steps to match \"\(text)\"; "
                        + "simplify it (nested quantifiers backtrack catastrophically)")
            }
        case .foundation(let foundation):
            let length = text.utf16.count
            // ICU has no step budget: with `.reportProgress` it calls back once per start position and every few
            // thousand backtracking steps, so stop after one call per position plus a fixed allowance.
            let allowance = length + FoundationRegex.progressAllowance
            var calls = 0
            var found: NSTextCheckingResult?
            foundation.regex.enumerateMatches(
                in: text, options: [.reportProgress], range: NSRange(location: 0, length: length)
            ) { result, _, stop in
                if let result {
                    found = result
                    stop.pointee = true
                } else {
                    calls += 1
                    if calls > allowance { stop.pointee = true }
                }
            }
            guard let result = found else {
                if calls > allowance {
                    throw RegularExpressionError(
                        pattern: pattern,
                        message:
                            "The regular expression /\(pattern)/ needs too many steps to match \"\(text)\"; "
                            + "simplify it (nested quantifiers backtrack catastrophically)")
                }
                return nil
            }
            var reader = ResultReader(result: result, utf16: text.utf16, childCounts: childCounts)
            return includeRoot ? [reader.group()] : reader.rootChildren()
        }
    }
}

/// Builds groups from the capture slots of the built-in matcher, numbering them in pre-order.
private struct SlotReader {
    let slots: UnsafeBufferPointer<Int>
    let bytes: UnsafeBufferPointer<UInt8>
    let childCounts: UnsafeBufferPointer<Int>
    let isASCII: Bool
    var next = 0

    init(slots: UnsafeBufferPointer<Int>, bytes: UnsafeBufferPointer<UInt8>, childCounts: UnsafeBufferPointer<Int>) {
        self.slots = slots
        self.bytes = bytes
        self.childCounts = childCounts
        var ascii = true
        for byte in bytes where byte >= 0x80 {
            ascii = false
            break
        }
        isASCII = ascii
    }

    private func utf16Offset(_ byteOffset: Int) -> Int {
        if isASCII { return byteOffset }
        var units = 0
        for byte in bytes[0..<byteOffset] where byte & 0xC0 != 0x80 {
            units += byte >= 0xF0 ? 2 : 1
        }
        return units
    }

    /// The children of the root group.
    mutating func rootChildren() -> [MatchGroup] {
        next = 1
        return groups(childCounts[0])
    }

    /// The next `count` groups in pre-order, with their descendants.
    private mutating func groups(_ count: Int) -> [MatchGroup] {
        guard count > 0 else { return [] }
        var groups: [MatchGroup] = []
        groups.reserveCapacity(count)
        for _ in 0..<count { groups.append(group()) }
        return groups
    }

    /// The next group in pre-order, with its descendants.
    mutating func group() -> MatchGroup {
        let index = next
        next += 1
        let children = groups(index < childCounts.count ? childCounts[index] : 0)
        let start = 2 * index + 1 < slots.count ? slots[2 * index] : -1
        let end = 2 * index + 1 < slots.count ? slots[2 * index + 1] : -1
        guard start >= 0, end >= start else {
            return MatchGroup(value: nil, start: nil, end: nil, children: children)
        }
        let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return MatchGroup(value: value, start: utf16Offset(start), end: utf16Offset(end), children: children)
    }
}

/// Builds groups from an `NSTextCheckingResult`, numbering them in pre-order.
private struct ResultReader {
    let result: NSTextCheckingResult
    let utf16: String.UTF16View
    let childCounts: [Int]
    var next = 0

    /// The children of the root group.
    mutating func rootChildren() -> [MatchGroup] {
        next = 1
        return (0..<childCounts[0]).map { _ in group() }
    }

    /// The next group in pre-order, with its descendants.
    mutating func group() -> MatchGroup {
        let index = next
        next += 1
        let children = (0..<childCounts[index]).map { _ in group() }
        guard index < result.numberOfRanges else {
            return MatchGroup(value: nil, start: nil, end: nil, children: children)
        }
        let range = result.range(at: index)
        guard range.location != NSNotFound else {
            return MatchGroup(value: nil, start: nil, end: nil, children: children)
        }
        let lower = utf16.index(utf16.startIndex, offsetBy: range.location)
        let upper = utf16.index(lower, offsetBy: range.length)
        let value = String(utf16[lower..<upper]) ?? String(decoding: Array(utf16[lower..<upper]), as: UTF16.self)
        return MatchGroup(value: value, start: range.location, end: range.location + range.length, children: children)
    }
}
