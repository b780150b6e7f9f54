import Messages
import StepSuggestions
import Synchronization

/// Snippets already proposed in a run, by step text (and keyword and trailing arguments): a text undefined in a
/// thousand steps is worked out once. At most `capacity` texts are kept, so memory stays bounded. (The closest
/// steps are the reports' to work out, from the stream: `RunQuery.didYouMeanText(forPickleStep:)`.)
final class SnippetCache: Sendable {
    struct Key: Hashable {
        var text: String
        var keyword: String
        var trailing: [String]
    }

    static let capacity = 20_000
    private let snippets = Mutex<[Key: [Snippet]]>([:])

    func snippets(for key: Key, make: () -> [Snippet]) -> [Snippet] {
        Self.cached(snippets, key, make)
    }

    private static func cached<CacheKey: Hashable & Sendable, Value: Sendable>(
        _ cache: borrowing Mutex<[CacheKey: Value]>, _ key: CacheKey, _ make: () -> Value
    ) -> Value {
        if let known = cache.withLock({ $0[key] }) { return known }
        let made = make()
        cache.withLock { entries in
            if entries.count < capacity { entries[key] = made }
        }
        return made
    }
}

extension CompiledLibrary {
    /// Ready-to-paste Swift definitions for an undefined step, one per expression the generator proposes.
    func snippets(for step: PickleStep) -> [Snippet] {
        let keyword =
            switch step.type {
            case .action: "when"
            case .outcome: "then"
            case .context, .unknown, nil: "given"
            }
        var trailing: [String] = []
        if step.argument?.dataTable != nil { trailing.append("table: DataTable") }
        if step.argument?.docString != nil, trailing.isEmpty { trailing.append("docString: DocString") }
        return snippetCache.snippets(for: .init(text: step.text, keyword: keyword, trailing: trailing)) {
            makeSnippets(for: step.text, keyword: keyword, trailing: trailing)
        }
    }

    private func makeSnippets(for text: String, keyword: String, trailing: [String]) -> [Snippet] {
        var expressions = snippetGenerator.generateExpressions(for: text).map { expression in
            (
                source: expression.source,
                parameters: zip(expression.parameterNames, expression.parameterInfos).map { name, info in
                    "\(swiftIdentifier(name)): \(info.type)"
                }
            )
        }
        if expressions.isEmpty { expressions = [(source: text, parameters: [])] }
        return expressions.map { expression in
            let arguments = expression.parameters + trailing
            let closure = arguments.isEmpty ? "world" : "(world, \(arguments.joined(separator: ", ")))"
            let code =
                "steps.\(keyword)(\(swiftStringLiteral(expression.source))) { \(closure) in\n    throw Pending()\n}"
            return Snippet(language: "swift", code: code)
        }
    }
}

/// A Swift string literal for `text`.
func swiftStringLiteral(_ text: String) -> String {
    var literal = "\""
    for character in text {
        switch character {
        case "\\": literal += "\\\\"
        case "\"": literal += "\\\""
        case "\n": literal += "\\n"
        default: literal.append(character)
        }
    }
    return literal + "\""
}

/// `name` as a Swift identifier (`int`, `string2`; a keyword in backticks).
func swiftIdentifier(_ name: String) -> String {
    let cleaned = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    let identifier = cleaned.isEmpty || cleaned.first?.isNumber == true ? "value" + cleaned : cleaned
    return swiftKeywords.contains(identifier) ? "`\(identifier)`" : identifier
}

/// The Swift keywords a parameter type's name may be.
private let swiftKeywords: Set<String> = [
    "in", "for", "if", "let", "var", "func", "class", "struct", "return", "do", "is",
]
