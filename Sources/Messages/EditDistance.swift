/// The Levenshtein distance of two strings, by characters, or `limit` when it is at least `limit`: the one
/// measure behind every "did you mean" (steps, options, commands, formats).
package func editDistance(_ lhs: String, _ rhs: String, limit: Int = .max) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    if abs(a.count - b.count) >= limit { return limit }
    if a.isEmpty { return min(b.count, limit) }
    if b.isEmpty { return min(a.count, limit) }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        var rowMinimum = current[0]
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            rowMinimum = min(rowMinimum, current[j])
        }
        if rowMinimum >= limit { return limit }
        swap(&previous, &current)
    }
    return min(previous[b.count], limit)
}

/// Which step patterns read closest to a step's text: the "did you mean" of an undefined step, the same under
/// `swift test`, on the console and in every report.
package enum StepSimilarity {
    /// The indices of the (at most `limit`) `patterns` closest to `text`, closest first, ties in the given order.
    /// A pattern is compared by its literal text (a regular expression without its `^` and `$` anchors), and only
    /// one whose edit distance is at most a third of the longer text's length is proposed.
    package static func closest(
        to text: String, among patterns: [(pattern: String, isRegularExpression: Bool)], limit: Int = 3
    ) -> [Int] {
        let target = text.lowercased()
        let targetCount = target.count
        let scored = patterns.enumerated().compactMap { index, candidate -> (score: Double, index: Int)? in
            var literal = candidate.pattern
            if candidate.isRegularExpression {
                literal = String(literal.drop { $0 == "^" })
                if literal.hasSuffix("$") { literal.removeLast() }
            }
            literal = literal.lowercased()
            let longest = max(literal.count, targetCount)
            guard longest > 0 else { return nil }
            let distance = editDistance(target, literal, limit: longest / 3 + 1)
            let score = Double(distance) / Double(longest)
            return score <= 1.0 / 3.0 ? (score, index) : nil
        }
        return scored.sorted { ($0.score, $0.index) < ($1.score, $1.index) }.prefix(limit).map(\.index)
    }
}
