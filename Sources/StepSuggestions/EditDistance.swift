/// The Levenshtein distance of two strings, by characters, or `limit` when it is at least `limit`: the measure of
/// the command line's "did you mean" (options, commands, report formats) and of a near-miss keyword.
///
/// ```swift
/// editDistance("--formta", "--format")  // 2
/// ```
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

/// The name of `candidates` closest to `name` when it is close enough to be a typo of it: at most 2 edits away,
/// or a third of the candidate's length for a long one. The one rule of every "did you mean" of the command line
/// and the configuration file (options, commands, report formats, profile keys, category fields); the first of
/// equally close candidates wins.
///
/// ```swift
/// closestName(to: "--formta", in: ["--format", "--fail-fast"])  // "--format"
/// closestName(to: "xyz", in: ["--format"])                      // nil
/// ```
package func closestName(to name: String, in candidates: some Sequence<String>) -> String? {
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(name, candidate, limit: (best?.distance ?? .max))
        if distance < (best?.distance ?? .max) { best = (candidate, distance) }
    }
    guard let best, best.distance <= max(2, best.name.count / 3) else { return nil }
    return best.name
}
