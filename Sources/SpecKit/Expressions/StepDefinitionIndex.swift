/// Step definition patterns indexed by their literal text, so that matching a step runs only the patterns
/// whose leading and trailing literal text fit it.
///
/// `matches(for:)` returns every matching definition, in the order they were added: none means undefined,
/// more than one means ambiguous.
///
/// ```swift
/// let registry = ParameterTypeRegistry()
/// var index = StepDefinitionIndex()
/// let cukes = index.add(try CucumberExpression("I have {int} cukes", registry: registry))
/// index.add(try CucumberExpression("I have {int} cucumbers", registry: registry))
/// let matches = try index.matches(for: "I have 42 cukes")
/// // matches.count == 1, matches[0].definition == cukes, try matches[0].arguments[0].value() as? Int == 42
/// ```
///
/// A pattern that starts with literal text (every Cucumber Expression that does not start with a
/// parameter, an optional or an alternation; every regular expression starting with `^` and literal
/// characters) is found through a byte trie of those prefixes; its literal suffix before `$` is checked
/// before its matcher runs. Patterns without a literal prefix are tried for every step.
public struct StepDefinitionIndex: Sendable {
    /// A definition that matched a step.
    public struct Match: Sendable {
        /// The position of the definition in the order of `add(_:)`, starting at 0.
        public let definition: Int
        /// The arguments of the step.
        public let arguments: [MatchArgument]
    }

    private struct Entry: Sendable {
        let expression: any StepExpression
        let suffix: [UInt8]
    }

    private struct TrieNode: Sendable {
        var edges: [(byte: UInt8, node: Int32)] = []
        var definitions: [Int32] = []
    }

    private var entries: [Entry] = []
    private var trie: [TrieNode] = [TrieNode()]
    private var unindexed: [Int32] = []

    /// Creates an empty index.
    public init() {}

    /// The number of definitions.
    public var count: Int { entries.count }

    /// The definitions' patterns, in the order they were added.
    public var expressions: [any StepExpression] { entries.map(\.expression) }

    /// Adds a definition's pattern; returns its position (0 for the first).
    @discardableResult
    public mutating func add(_ expression: any StepExpression) -> Int {
        let definition = entries.count
        var prefix: [UInt8] = []
        var suffix: [UInt8] = []
        let tree: TreeRegex? =
            (expression as? CucumberExpression)?.treeRegex ?? (expression as? RegularExpression)?.treeRegex
        if let tree, case .builtIn(let program) = tree.engine {
            if program.anchoredAtStart { prefix = program.literalPrefix }
            if program.anchoredAtEnd { suffix = program.literalSuffix }
        }
        entries.append(Entry(expression: expression, suffix: suffix))
        if prefix.isEmpty {
            unindexed.append(Int32(definition))
        } else {
            var node = 0
            for byte in prefix {
                if let edge = trie[node].edges.first(where: { $0.byte == byte }) {
                    node = Int(edge.node)
                } else {
                    trie.append(TrieNode())
                    trie[node].edges.append((byte, Int32(trie.count - 1)))
                    node = trie.count - 1
                }
            }
            trie[node].definitions.append(Int32(definition))
        }
        return definition
    }

    /// The definitions whose pattern matches `text`, in the order they were added, with their arguments.
    ///
    /// - Throws: what `StepExpression.match(_:)` throws (a pattern exceeding the matcher's step budget, an
    ///   ambiguous parameter type in a regular expression).
    public func matches(for text: String) throws -> [Match] {
        var candidates = unindexed
        var text = text
        text.withUTF8 { bytes in
            var node = 0
            var offset = 0
            while true {
                candidates.append(contentsOf: trie[node].definitions)
                guard offset < bytes.count else { break }
                let byte = bytes[offset]
                guard let edge = trie[node].edges.first(where: { $0.byte == byte }) else { break }
                node = Int(edge.node)
                offset += 1
            }
            candidates.removeAll { candidate in
                let suffix = entries[Int(candidate)].suffix
                guard !suffix.isEmpty else { return false }
                guard suffix.count <= bytes.count else { return true }
                let start = bytes.count - suffix.count
                for index in 0..<suffix.count where bytes[start + index] != suffix[index] {
                    return true
                }
                return false
            }
        }
        if candidates.count > 1 { candidates.sort() }
        var matches: [Match] = []
        for candidate in candidates {
            if let arguments = try entries[Int(candidate)].expression.match(text) {
                matches.append(Match(definition: Int(candidate), arguments: arguments))
            }
        }
        return matches
    }
}
