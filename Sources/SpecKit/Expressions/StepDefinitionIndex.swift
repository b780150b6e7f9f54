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

    private var entries: [Entry] = []
    /// The trie of literal prefixes, as flat arrays (left-child, right-sibling); node 0 is the root.
    private var firstChild: [Int32] = [-1]
    private var nextSibling: [Int32] = [-1]
    private var edgeByte: [UInt8] = [0]
    /// The definitions whose prefix ends at each node (mostly empty).
    private var definitionsAtNode: [[Int32]] = [[]]
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
        guard !prefix.isEmpty else {
            unindexed.append(Int32(definition))
            return definition
        }
        var node = 0
        for byte in prefix {
            var child = Int(firstChild[node])
            while child != -1 && edgeByte[child] != byte {
                child = Int(nextSibling[child])
            }
            if child == -1 {
                child = edgeByte.count
                edgeByte.append(byte)
                firstChild.append(-1)
                nextSibling.append(firstChild[node])
                definitionsAtNode.append([])
                firstChild[node] = Int32(child)
            }
            node = child
        }
        definitionsAtNode[node].append(Int32(definition))
        return definition
    }

    /// The definitions whose pattern matches `text`, in the order they were added, with their arguments.
    ///
    /// - Throws: what `StepExpression.match(_:)` throws (a pattern exceeding the matcher's step budget, an
    ///   ambiguous parameter type in a regular expression).
    public func matches(for text: String) throws -> [Match] {
        var candidates: [Int32] = []
        var text = text
        text.withUTF8 { bytes in
            for definition in unindexed where hasSuffix(bytes, entries[Int(definition)].suffix) {
                candidates.append(definition)
            }
            var node = 0
            var offset = 0
            while true {
                if !definitionsAtNode[node].isEmpty {
                    for definition in definitionsAtNode[node] where hasSuffix(bytes, entries[Int(definition)].suffix) {
                        candidates.append(definition)
                    }
                }
                guard offset < bytes.count else { break }
                let byte = bytes[offset]
                var child = Int(firstChild[node])
                while child != -1 && edgeByte[child] != byte {
                    child = Int(nextSibling[child])
                }
                guard child != -1 else { break }
                node = child
                offset += 1
            }
        }
        var matches: [Match] = []
        for candidate in candidates {
            if let arguments = try entries[Int(candidate)].expression.match(text) {
                matches.append(Match(definition: Int(candidate), arguments: arguments))
            }
        }
        if matches.count > 1 { matches.sort { $0.definition < $1.definition } }
        return matches
    }

    private func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, _ suffix: [UInt8]) -> Bool {
        guard suffix.count <= bytes.count else { return false }
        let start = bytes.count - suffix.count
        for index in 0..<suffix.count where bytes[start + index] != suffix[index] {
            return false
        }
        return true
    }
}
