import Messages
import Synchronization

/// A dialect's keywords prepared for byte comparison.
final class CompiledDialect: Sendable {
    struct Keyword: Sendable {
        let keyword: String
        let bytes: [UInt8]
        let kind: StepKeywordType
    }

    let language: String
    /// The dialect these keywords come from.
    let source: GherkinDialect
    let feature: [Keyword]
    let rule: [Keyword]
    let background: [Keyword]
    let scenario: [Keyword]
    let examples: [Keyword]
    let steps: [Keyword]
    /// Bit `b` of word `b / 64` is set when some title or step keyword starts with byte `b`.
    let firstBytes: [UInt64]

    init(_ dialect: GherkinDialect) {
        func titles(_ keywords: [String]) -> [Keyword] {
            keywords.map { Keyword(keyword: $0, bytes: Array(($0 + ":").utf8), kind: .unknown) }
        }
        language = dialect.language
        source = dialect
        feature = titles(dialect.feature)
        rule = titles(dialect.rule)
        background = titles(dialect.background)
        scenario = titles(dialect.scenario + dialect.scenarioOutline)
        examples = titles(dialect.examples)
        steps = dialect.stepKeywords.map {
            Keyword(keyword: $0, bytes: Array($0.utf8), kind: dialect.keywordType(of: $0))
        }
        var firstBytes = [UInt64](repeating: 0, count: 4)
        for keyword in feature + rule + background + scenario + examples + steps {
            if let first = keyword.bytes.first {
                firstBytes[Int(first >> 6)] |= 1 << UInt64(first & 63)
            }
        }
        self.firstBytes = firstBytes
    }

    /// Whether some keyword starts with this byte.
    @inline(__always)
    func mayStartKeyword(_ byte: UInt8) -> Bool {
        firstBytes[Int(byte >> 6)] & (1 << UInt64(byte & 63)) != 0
    }

    static let english = CompiledDialect(.english)

    /// The dialects compiled so far, by language code, shared by every parse: a document with a
    /// `# language:` header does not compile its dialect again.
    private static let cache = Mutex<[String: CompiledDialect]>([:])

    /// `dialect` compiled, from the cache when the cached dialect of its language is the same one (a languages
    /// file may give a language other keywords: the last one compiled is kept).
    static func cached(_ dialect: GherkinDialect) -> CompiledDialect {
        if dialect.language == "en", dialect == english.source { return english }
        if let known = cache.withLock({ $0[dialect.language] }), known.source == dialect { return known }
        let compiled = CompiledDialect(dialect)
        cache.withLock { $0[dialect.language] = compiled }
        return compiled
    }
}
