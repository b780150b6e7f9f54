import CucumberExpressions
import RegexEngine

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
struct StepDefinitionIndex: Sendable {
    /// A definition that matched a step.
    struct Match: Sendable {
        /// The position of the definition in the order of `add(_:)`, starting at 0.
        let definition: Int
        /// The arguments of the step.
        let arguments: [MatchArgument]
    }

    fileprivate enum Entry: Sendable {
        case cucumber(CucumberExpression)
        case regular(RegularExpression)
        case other(any StepExpression)

        var expression: any StepExpression {
            switch self {
            case .cucumber(let expression): expression
            case .regular(let expression): expression
            case .other(let expression): expression
            }
        }
    }

    /// The index's arrays. `add(_:)` changes a copy, so that matching (which runs far more often) reads
    /// immutable storage through a single reference.
    fileprivate struct Tables: Sendable {
        var entries: [Entry] = []
        /// The literal suffix of each definition, as ranges of `suffixBytes`.
        var suffixStart: [Int32] = []
        var suffixLength: [Int32] = []
        var suffixBytes: [UInt8] = []
        /// The trie of literal prefixes, as flat arrays (left-child, right-sibling); node 0 is the root.
        var firstChild: [Int32] = [-1]
        var nextSibling: [Int32] = [-1]
        var edgeByte: [UInt8] = [0]
        /// The definitions whose prefix ends at each node, as linked lists through `nextDefinition`.
        var firstDefinition: [Int32] = [-1]
        var nextDefinition: [Int32] = []
        /// The definitions without a literal prefix, as a linked list through `nextDefinition`.
        var firstUnindexed: Int32 = -1
    }

    private final class Storage: Sendable {
        let tables: Tables

        init(_ tables: Tables) {
            self.tables = tables
        }
    }

    private var storage = Storage(Tables())

    /// Creates an empty index.
    init() {}

    /// The number of definitions.
    var count: Int { storage.tables.entries.count }

    /// The definitions' patterns, in the order they were added.
    var expressions: [any StepExpression] { storage.tables.entries.map(\.expression) }

    /// Adds a definition's pattern; returns its position (0 for the first).
    @discardableResult
    mutating func add(_ expression: any StepExpression) -> Int {
        var tables = storage.tables
        let definition = tables.add(expression)
        storage = Storage(tables)
        return definition
    }

    /// The definitions whose pattern matches `text`, in the order they were added, with their arguments.
    ///
    /// - Throws: what `StepExpression.match(_:)` throws (a pattern exceeding the matcher's step budget, an
    ///   ambiguous parameter type in a regular expression).
    func matches(for text: String) throws -> [Match] {
        let storage = self.storage
        var utf8 = text
        return try utf8.withUTF8 { bytes in try storage.tables.matches(bytes, text) }
    }
}

extension StepDefinitionIndex.Tables {
    mutating func add(_ expression: any StepExpression) -> Int {
        let definition = entries.count
        let entry: StepDefinitionIndex.Entry
        let tree: TreeRegex?
        if let cucumber = expression as? CucumberExpression {
            entry = .cucumber(cucumber)
            tree = cucumber.treeRegex
        } else if let regular = expression as? RegularExpression {
            entry = .regular(regular)
            tree = regular.treeRegex
        } else {
            entry = .other(expression)
            tree = nil
        }
        let (prefix, suffix) = tree?.anchoredLiterals ?? ([], [])
        entries.append(entry)
        suffixStart.append(Int32(suffixBytes.count))
        suffixLength.append(Int32(suffix.count))
        suffixBytes.append(contentsOf: suffix)
        guard !prefix.isEmpty else {
            nextDefinition.append(firstUnindexed)
            firstUnindexed = Int32(definition)
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
                firstDefinition.append(-1)
                firstChild[node] = Int32(child)
            }
            node = child
        }
        nextDefinition.append(firstDefinition[node])
        firstDefinition[node] = Int32(definition)
        return definition
    }

    /// The candidates are collected first (on the stack, usually), then their matchers run.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String) throws -> [StepDefinitionIndex.Match] {
        try withUnsafeTemporaryAllocation(of: Int32.self, capacity: 64) { buffer in
            var count = 0
            var overflow: [Int32] = []
            func collect(from first: Int32) {
                var definition = first
                while definition != -1 {
                    if hasSuffix(bytes, Int(definition)) {
                        if count < buffer.count {
                            buffer[count] = definition
                            count += 1
                        } else {
                            overflow.append(definition)
                        }
                    }
                    definition = nextDefinition[Int(definition)]
                }
            }
            if firstUnindexed != -1 { collect(from: firstUnindexed) }
            var node = 0
            var offset = 0
            while true {
                if firstDefinition[node] != -1 { collect(from: firstDefinition[node]) }
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
            var matches: [StepDefinitionIndex.Match] = []
            for index in 0..<(count + overflow.count) {
                let candidate = Int(index < count ? buffer[index] : overflow[index - count])
                let arguments: [MatchArgument]?
                switch entries[candidate] {
                case .cucumber(let expression): arguments = try expression.match(utf8: bytes, text: text)
                case .regular(let expression): arguments = try expression.match(utf8: bytes, text: text)
                case .other(let expression): arguments = try expression.match(text)
                }
                if let arguments {
                    matches.append(StepDefinitionIndex.Match(definition: candidate, arguments: arguments))
                }
            }
            if matches.count > 1 { matches.sort { $0.definition < $1.definition } }
            return matches
        }
    }

    private func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, _ definition: Int) -> Bool {
        let length = Int(suffixLength[definition])
        guard length > 0 else { return true }
        guard length <= bytes.count else { return false }
        return suffixBytes.withUnsafeBufferPointer { suffixes in
            bytesEqual(
                bytes.baseAddress.map { $0 + bytes.count - length },
                suffixes.baseAddress.map { $0 + Int(suffixStart[definition]) }, length)
        }
    }
}
