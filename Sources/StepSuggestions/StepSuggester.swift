/// The one "did you mean" of an undefined step, used by the runner, the reports, the step catalog and the
/// language server alike.
///
/// A step's text is compared with each definition's pattern, not its source: a parameter stands for the value
/// typed in its place (any text its type's regular expression reads, approximately), so a typo in the fixed words
/// of `member {member} borrows {string}` is found in `member Ada borows "111"`, and `today is 2025-3-1` is close
/// to `today is {date}` even though the value is not a date. A regular expression is compared the same way (its
/// groups are values, its anchors and look-arounds ignored). Where the caller has texts the specs already use
/// (the language server does), those are compared too, as plain text, and preferred when as close.
///
/// The closeness rule: the edit distance (insertions, deletions, substitutions of Unicode scalars, case ignored)
/// between the text and the closest string of the pattern is at most a third of the pattern's fixed text (its
/// scalars outside parameters, at least 3); candidates rank by that distance per scalar of fixed text, then by
/// registration order.
///
/// Bounded work: texts longer than `maximumTextLength` scalars are not scored. Before any distance, candidates
/// are pruned by length (the text must be within the allowed distance of the pattern's shortest and longest
/// strings) and, for texts over 32 scalars, by a shared word of the pattern's fixed text; of the texts the specs
/// use, at most `maximumUsedTextsScored` sharing the most words are scored. A distance costs the text's length
/// times the pattern's size, in memory two rows of the pattern.
///
/// ```swift
/// let suggester = StepSuggester(
///     definitions: [.init(source: "member {member} borrows {string}", isRegularExpression: false)],
///     parameterTypes: ["member": ["[A-Z][a-z]+"]])
/// suggester.suggestions(for: "member Ada borows \"111\"", rewriting: true).first?.rewrite
/// // "member Ada borrows \"111\""
/// ```
package struct StepSuggester: Sendable {
    /// A step definition's pattern.
    package struct Definition: Sendable, Hashable {
        /// The Cucumber Expression or regular expression as written.
        package var source: String
        package var isRegularExpression: Bool

        /// A definition.
        package init(source: String, isRegularExpression: Bool) {
            self.source = source
            self.isRegularExpression = isRegularExpression
        }
    }

    /// The longest text scored, in Unicode scalars: a longer step gets no suggestion.
    package static let maximumTextLength = 1_000
    /// The most texts the specs use that are scored for one step (those sharing the most words with it).
    package static let maximumUsedTextsScored = 64
    /// Texts at most this long are compared with every definition, shared word or not.
    static let shortTextLength = 32

    private struct Candidate: Sendable {
        var automaton: PatternAutomaton
        var definition: Int
        /// The used text, for a candidate made of one, and its scalars without case.
        var text: String?
        var folded: [UInt32] = []
    }

    private let definitionCandidates: [Candidate]
    private let usedCandidates: [Candidate]
    /// The used texts holding each word.
    private let usedTextsByWord: [String: [Int32]]

    /// A suggester for `definitions` (in registration order: suggestions name them by position), the regular
    /// expressions of the library's own parameter types by name (the built-in ones are known), and texts the
    /// specs use, each with the position of the definition it matches.
    package init(
        definitions: [Definition], parameterTypes: [String: [String]] = [:],
        usedTexts: [(text: String, definition: Int)] = []
    ) {
        let reader = CucumberExpressionReader(parameterTypes: StepPatterns.parameterTypeNodes(parameterTypes))
        definitionCandidates = definitions.enumerated().compactMap { position, definition in
            guard definition.source.unicodeScalars.count <= PatternAutomaton.maximumStates else { return nil }
            let node =
                definition.isRegularExpression
                ? RegularExpressionReader.read(step: definition.source) : reader.read(definition.source)
            return PatternAutomaton(node).map { Candidate(automaton: $0, definition: position, text: nil) }
        }
        var used: [Candidate] = []
        var byWord: [String: [Int32]] = [:]
        var seen: Set<String> = []
        for (text, definition) in usedTexts where seen.insert(text).inserted {
            guard Self.isScored(text),
                let automaton = PatternAutomaton(.sequence(text.unicodeScalars.map(PatternNode.literal)))
            else { continue }
            for word in automaton.words { byWord[word, default: []].append(Int32(used.count)) }
            used.append(
                Candidate(
                    automaton: automaton, definition: definition, text: text,
                    folded: text.unicodeScalars.map(folded)))
        }
        usedCandidates = used
        usedTextsByWord = byWord
    }

    /// The definitions closest to `text`, closest first, at most `limit`, each once; with a rewrite of the text
    /// (the definition's fixed words, the typed values) when `rewriting`.
    package func suggestions(for text: String, limit: Int = 3, rewriting: Bool = false) -> [StepSuggestion] {
        guard limit > 0, Self.isScored(text) else { return [] }
        let prepared = PreparedText(text.unicodeScalars)
        var best: [Int: (pattern: Score?, used: (score: Score, text: String)?)] = [:]
        for candidate in definitionCandidates {
            guard let score = Self.score(candidate.automaton, prepared) else { continue }
            best[candidate.definition, default: (nil, nil)].pattern = score
        }
        let plain = BitParallelDistance(prepared)
        for index in usedTextsToScore(prepared) {
            let candidate = usedCandidates[index]
            guard let score = Self.score(candidate.automaton, prepared, plain: plain, folded: candidate.folded),
                let usedText = candidate.text
            else { continue }
            if let known = best[candidate.definition]?.used, known.score <= score { continue }
            best[candidate.definition, default: (nil, nil)].used = (score, usedText)
        }
        let ranked = best.compactMap { definition, found -> (key: Score, preferUsed: Bool, definition: Int)? in
            switch (found.pattern, found.used) {
            case (nil, nil): return nil
            case (let pattern?, nil): return (pattern, false, definition)
            case (nil, let used?): return (used.score, true, definition)
            case (let pattern?, let used?):
                return used.score <= pattern ? (used.score, true, definition) : (pattern, false, definition)
            }
        }
        .sorted { lhs, rhs in
            if lhs.key != rhs.key { return lhs.key < rhs.key }
            if lhs.preferUsed != rhs.preferUsed { return lhs.preferUsed }
            return lhs.definition < rhs.definition
        }
        return ranked.prefix(limit).map { entry in
            var rewrite: String?
            if rewriting, best[entry.definition]?.pattern != nil,
                let candidate = definitionCandidates.first(where: { $0.definition == entry.definition })
            {
                rewrite = candidate.automaton.rewrite(prepared)
            }
            return StepSuggestion(
                definition: entry.definition, rewrite: rewrite, usedText: best[entry.definition]?.used?.text,
                prefersUsedText: entry.preferUsed, distance: entry.key.distance, fixedLength: entry.key.fixedLength)
        }
    }

    /// Whether `text` is short enough to be scored (at most `maximumTextLength` scalars), found without reading
    /// a long text whole.
    package static func isScored(_ text: String) -> Bool {
        let bytes = text.utf8.count
        if bytes <= maximumTextLength { return true }
        if bytes > maximumTextLength * 4 { return false }
        return text.unicodeScalars.count <= maximumTextLength
    }

    /// How close a candidate is, comparable across candidates: the distance per scalar of fixed text, then the
    /// distance.
    struct Score: Comparable, Sendable {
        var distance: Int
        var fixedLength: Int

        static func < (lhs: Score, rhs: Score) -> Bool {
            let left = lhs.distance * rhs.fixedLength
            let right = rhs.distance * lhs.fixedLength
            return left != right ? left < right : lhs.distance < rhs.distance
        }

        static func == (lhs: Score, rhs: Score) -> Bool {
            lhs.distance * rhs.fixedLength == rhs.distance * lhs.fixedLength && lhs.distance == rhs.distance
        }
    }

    /// The closeness rule, with the pruning before it: nil when the candidate is not close to `text`. A plain
    /// candidate (a used text, given as `folded` scalars) is measured by `plain` when there is one: the same
    /// distance, faster.
    private static func score(
        _ automaton: PatternAutomaton, _ text: PreparedText, plain: BitParallelDistance? = nil,
        folded: [UInt32] = []
    ) -> Score? {
        let fixed = automaton.literalLength
        guard fixed >= 3 else { return nil }
        let limit = fixed / 3
        let length = text.scalars.count
        if length + limit < automaton.minimumLength { return nil }
        if let maximum = automaton.maximumLength, length > maximum + limit { return nil }
        if length > shortTextLength, !automaton.words.isEmpty, automaton.words.isDisjoint(with: text.words) {
            return nil
        }
        if let plain, !folded.isEmpty {
            let distance = plain.distance(to: folded)
            return distance <= limit ? Score(distance: distance, fixedLength: fixed) : nil
        }
        return automaton.distance(to: text, limit: limit).map { Score(distance: $0, fixedLength: fixed) }
    }

    /// The used texts sharing the most words with `text` (at most `maximumUsedTextsScored`), ties in order.
    private func usedTextsToScore(_ text: PreparedText) -> [Int] {
        guard !usedCandidates.isEmpty else { return [] }
        var shared = [UInt16](repeating: 0, count: usedCandidates.count)
        var mostShared = 0
        for word in text.words {
            for index in usedTextsByWord[word] ?? [] {
                shared[Int(index)] &+= 1
                mostShared = max(mostShared, Int(shared[Int(index)]))
            }
        }
        guard mostShared > 0 else { return [] }
        // The fewest shared words still taken: texts sharing more are all taken, those sharing exactly as many
        // in order until the cap.
        var withCount = [Int](repeating: 0, count: mostShared + 1)
        for count in shared where count > 0 { withCount[Int(count)] += 1 }
        var threshold = mostShared
        var taken = withCount[mostShared]
        while threshold > 1 && taken + withCount[threshold - 1] <= Self.maximumUsedTextsScored {
            threshold -= 1
            taken += withCount[threshold]
        }
        if taken < Self.maximumUsedTextsScored && threshold > 1 { threshold -= 1 }
        var chosen: [Int] = []
        var atThreshold = Self.maximumUsedTextsScored - shared.lazy.filter { Int($0) > threshold }.count
        for (index, count) in shared.enumerated() where count > 0 {
            if Int(count) > threshold {
                chosen.append(index)
            } else if Int(count) == threshold && atThreshold > 0 {
                chosen.append(index)
                atThreshold -= 1
            }
        }
        return chosen
    }
}

/// A step definition close to an undefined step's text.
package struct StepSuggestion: Sendable, Hashable {
    /// The definition's position among the suggester's definitions.
    package var definition: Int
    /// The text rewritten to the definition's pattern: its fixed words as the definition has them, the typed
    /// values kept (`member Ada borrows "111"`). Nil unless asked for or when only a used text is close. It reads
    /// like the definition's steps but may still not match it (a value that is not of its type).
    package var rewrite: String?
    /// The closest text the specs use that matches the definition, when one is close.
    package var usedText: String?
    /// Whether `usedText` is at least as close as the definition's pattern (it is then the one to propose).
    package var prefersUsedText: Bool
    /// The edits from the text to the closest candidate.
    package var distance: Int
    /// The scalars of fixed text of that candidate (the allowed distance is a third of it).
    package var fixedLength: Int
}
