import CucumberExpressions
import Messages
import StepSuggestions

/// A step library as an editor sees it: which definition a step's text matches (with its arguments), the closest
/// definitions to a text that matches none, and the Swift snippet that would define it. The language server's
/// view of the library, matching exactly as a run does.
package struct StepCatalog: Sendable {
    /// One argument of a matched step: where it is in the step's text and what it becomes.
    package struct Argument: Sendable, Hashable {
        /// The UTF-16 offsets of the argument in the step's text.
        package var start: Int
        package var end: Int
        /// The parameter type's name (`int`, `string`...), or nil for a regular expression's anonymous group.
        package var parameterType: String?
        /// The Swift type the definition's closure receives it as, when known.
        package var swiftType: String?

        package init(start: Int, end: Int, parameterType: String?, swiftType: String?) {
            self.start = start
            self.end = end
            self.parameterType = parameterType
            self.swiftType = swiftType
        }
    }

    /// What a step's text matches.
    package enum Match: Sendable {
        /// No definition.
        case undefined
        /// Exactly one definition (its position in `definitions`), with the step's arguments.
        case matched(Int, [Argument])
        /// Several definitions (their positions in `definitions`).
        case ambiguous([Int])
        /// Matching failed (a pattern exceeded the matcher's budget); the reason.
        case failed(String)
    }

    /// Every step definition, in the order the library registered them.
    package let definitions: [StepDefinitionInfo]
    /// The library's mistakes (each names its definition's file and line).
    package let problems: [StepLibraryError]
    /// The regular expressions of the library's own parameter types, by name.
    package let parameterTypes: [String: [String]]
    /// The parameter types (built-in and the library's), to compile an expression as the library would.
    package let registry: ParameterTypeRegistry
    /// The did-you-mean of the library alone (no used texts).
    private let suggester: StepSuggester
    /// The definitions' patterns, for completing a step being typed.
    package let patterns: StepPatterns
    private let matchText: @Sendable (String) -> Match
    private let snippetText: @Sendable (PickleStep) -> String

    /// The catalog of `library`.
    package init<World: Actor>(_ library: StepLibrary<World>) {
        let compiled = CompiledLibrary(library)
        definitions = compiled.steps.map(\.info)
        problems = compiled.problems
        var parameterTypes: [String: [String]] = [:]
        for case .parameterType(let type) in compiled.envelopes { parameterTypes[type.name] = type.regularExpressions }
        self.parameterTypes = parameterTypes
        registry = library.parameterTypes
        suggester = compiled.suggester
        patterns = StepPatterns(
            definitions: definitions.map { .init(source: $0.pattern, isRegularExpression: $0.isRegularExpression) },
            parameterTypes: parameterTypes)
        matchText = { text in
            let matches: [StepDefinitionIndex.Match]
            do {
                matches = try compiled.index.matches(for: text)
            } catch {
                return .failed(String(describing: error))
            }
            switch matches.count {
            case 0: return .undefined
            case 1:
                let position = compiled.indexed[matches[0].definition]
                let types = compiled.steps[position].info.argumentTypes
                let arguments = matches[0].arguments.enumerated().compactMap { index, argument -> Argument? in
                    guard let start = argument.group.start, let end = argument.group.end else { return nil }
                    return Argument(
                        start: start, end: end, parameterType: argument.parameterTypeName,
                        swiftType: index < types.count ? types[index] : nil)
                }
                return .matched(position, arguments)
            default: return .ambiguous(matches.map { compiled.indexed[$0.definition] })
            }
        }
        snippetText = { step in compiled.snippets(for: step).first?.code ?? "" }
    }

    /// What `text` matches, exactly as a run matches it.
    package func match(_ text: String) -> Match { matchText(text) }

    /// The positions of the definitions closest to `text` (at most 3), closest first: the one did-you-mean
    /// (`StepSuggester`), as a run and the reports propose it.
    package func closest(to text: String) -> [Int] {
        suggester.suggestions(for: text).map(\.definition)
    }

    /// A did-you-mean of this library that also compares, and prefers when as close, texts the specs use (each
    /// with the position of the definition it matches).
    package func suggester(usedTexts: [(text: String, definition: Int)]) -> StepSuggester {
        StepSuggester(
            definitions: definitions.map { .init(source: $0.pattern, isRegularExpression: $0.isRegularExpression) },
            parameterTypes: parameterTypes, usedTexts: usedTexts)
    }

    /// The Swift definition to paste for a step with this text, keyword type and arguments.
    package func snippet(
        forStep text: String, type: PickleStepType?, hasDataTable: Bool = false, hasDocString: Bool = false
    ) -> String {
        let docString = PickleDocString(content: "")
        let table = PickleTable(rows: [])
        let argument: PickleStepArgument? =
            switch (hasDocString, hasDataTable) {
            case (true, true): .docStringAndDataTable(docString, table)
            case (true, false): .docString(docString)
            case (false, true): .dataTable(table)
            case (false, false): nil
            }
        return snippetText(PickleStep(argument: argument, astNodeIds: [], id: "", type: type, text: text))
    }
}
