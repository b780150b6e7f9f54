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
                parameters: expression.parameterInfos.map { info in
                    "\(swiftIdentifier(info.parameterName)): \(info.type)"
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

/// A Swift string literal for `text`: backslashes, quotes, line breaks and other control characters (but tab)
/// escaped. Read byte by byte: every byte escaped is ASCII, so no character of the text is split.
func swiftStringLiteral(_ text: String) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    bytes.reserveCapacity(text.utf8.count + 2)
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
        case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
        case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
        case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
        case 0x09: bytes.append(byte)
        case 0x00..<0x20, 0x7F: bytes += Array("\\u{\(String(byte, radix: 16))}".utf8)
        default: bytes.append(byte)
        }
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
}

/// `name` as a Swift identifier (`int`, `string2`; a keyword in backticks).
func swiftIdentifier(_ name: String) -> String {
    let isIdentifierByte: (UInt8) -> Bool = { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"):
            true
        default: false
        }
    }
    // Parameter type names are nearly always ASCII words: those need no character-by-character look.
    let cleaned =
        name.utf8.allSatisfy(isIdentifierByte)
        ? name : String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    let identifier = cleaned.isEmpty || cleaned.first?.isNumber == true ? "value" + cleaned : cleaned
    return swiftKeywords.contains(identifier) ? "`\(identifier)`" : identifier
}

/// The Swift keywords a parameter type's name may be.
private let swiftKeywords: Set<String> = [
    "in", "for", "if", "let", "var", "func", "class", "struct", "return", "do", "is",
]
