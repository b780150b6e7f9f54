import Foundation
import Messages
import StepSuggestions

/// Text helpers shared by the formatters.
package enum ReportText {
    /// A duration as Cucumber writes it: whole minutes, then seconds and milliseconds, e.g. `0m00.123s`,
    /// `2m05.000s`.
    package static func cucumberDuration(_ duration: MessageDuration) -> String {
        let milliseconds = max(0, duration.count(ofNanoseconds: 1_000_000, rounded: false))
        let minutes = milliseconds / 60_000
        let seconds = (milliseconds / 1000) % 60
        let millis = milliseconds % 1000
        return "\(minutes)m\(pad(seconds, 2)).\(pad(millis, 3))s"
    }

    /// A duration in milliseconds with two decimals, e.g. `1.50ms`.
    package static func milliseconds(_ duration: MessageDuration) -> String {
        let hundredths = duration.count(ofNanoseconds: 10_000)
        return "\(hundredths / 100).\(pad(hundredths % 100, 2))ms"
    }

    /// A duration in seconds with up to three decimals, e.g. `0.007`, `12.5`, `0`.
    package static func seconds(_ duration: MessageDuration) -> String {
        let totalMilliseconds = duration.count(ofNanoseconds: 1_000_000)
        let whole = totalMilliseconds / 1000
        var fraction = pad(totalMilliseconds % 1000, 3)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
    }

    /// A short human duration: `850ms`, `1.2s`, `3m 05s`.
    package static func humanDuration(_ duration: MessageDuration) -> String {
        let milliseconds = max(0, duration.count(ofNanoseconds: 1_000_000))
        if milliseconds < 1000 { return "\(milliseconds)ms" }
        if milliseconds < 60_000 {
            let tenths = (milliseconds + 50) / 100
            return "\(tenths / 10).\(tenths % 10)s"
        }
        let seconds = milliseconds / 1000 + (milliseconds % 1000 >= 500 ? 1 : 0)
        return "\(seconds / 60)m \(pad(seconds % 60, 2))s"
    }

    /// A timestamp in ISO 8601 UTC with milliseconds, e.g. `2024-05-01T12:00:00.123Z`.
    package static func isoTimestamp(_ timestamp: Timestamp) -> String {
        // Clamped to the years a timestamp may have (1 to 9999), so no value can overflow the arithmetic.
        let clamped = min(max(timestamp.seconds, Timestamp.validSeconds.lowerBound), Timestamp.validSeconds.upperBound)
        let days = floorDivide(clamped, 86_400)
        let secondsOfDay = clamped - days * 86_400
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondsOfDay / 3600, 2)):"
            + "\(pad(secondsOfDay / 60 % 60, 2)):\(pad(secondsOfDay % 60, 2)).\(pad(timestamp.nanos / 1_000_000, 3))Z"
    }

    /// `uri:line`, or just `uri` without a line.
    package static func location(_ uri: String, _ line: Int?) -> String {
        line.map { "\(uri):\($0)" } ?? uri
    }

    /// `uri:line` of a source reference (a Swift file and line for step definitions and hooks).
    package static func location(_ reference: SourceReference) -> String {
        if let uri = reference.uri { return location(uri, reference.location?.line) }
        if let method = reference.javaMethod { return "\(method.className).\(method.methodName)" }
        if let element = reference.javaStackTraceElement {
            return "\(element.className).\(element.methodName)(\(element.fileName))"
        }
        return "unknown location"
    }

    /// `uri:line:column` of a parse error's place in its file (as much of it as is known).
    package static func location(of error: ParseError) -> String {
        let uri = error.source.uri ?? "unknown file"
        guard let location = error.source.location else { return uri }
        return location.column.map { "\(uri):\(location.line):\($0)" } ?? "\(uri):\(location.line)"
    }

    /// `uri:line:column: message` for a parse error, without the `(line:column): ` the Gherkin message starts with.
    package static func parseErrorText(_ error: ParseError) -> String {
        "\(location(of: error)): \(messageWithoutPosition(error.message))"
    }

    /// What a Gherkin parse error means, in words a product owner understands (the official message, with the
    /// tokens the parser expected, stays for the details).
    package static func plainWords(forParseError message: String) -> String {
        let message = messageWithoutPosition(message)
        if message.hasPrefix("inconsistent cell count") {
            return "This table row has a different number of cells than the rows above it."
        }
        if message.hasPrefix("unknown encoding") {
            return "The `# encoding:` line names an encoding this reader does not know: save the file as UTF-8."
        }
        if message.hasPrefix("Language not supported") {
            return "The `# language:` line names a language Gherkin does not have (`--i18n-languages` lists them): "
                + "check the code, or give its keywords in a gherkin-languages.json file with --languages FILE or "
                + "$GHERKIN_LANGUAGES."
        }
        if message.hasPrefix("A tag may not contain whitespace") {
            return "A tag is one word after @: write @slow @wip, not @slow wip."
        }
        let expected = message.components(separatedBy: "expected: ").dropFirst().first ?? ""
        if message.hasPrefix("unexpected end of file") {
            return expected.contains("#DocStringSeparator")
                ? "The file ends inside a doc string: a closing \"\"\" (or ```) is missing."
                : "The file ends before what it started is complete."
        }
        if expected.contains("#FeatureLine") && !expected.contains("#StepLine") {
            return "A feature file starts with `Feature:` (after tags, comments and a `# language:` line)."
        }
        if expected.contains("#StepLine") || expected.contains("#TableRow") {
            return "This line is not a step, a table row, a tag, a comment or a keyword such as Scenario or Examples."
        }
        if expected.contains("#ScenarioLine") || expected.contains("#RuleLine") {
            return "Tags must be followed by what they tag: a Scenario, a Rule, Examples or the Feature."
        }
        return "Gherkin cannot read this line."
    }

    /// `uri:line:column: ` and the plain-words explanation of a parse error, then the official message on its own line.
    package static func explainedParseError(_ error: ParseError) -> String {
        let message = messageWithoutPosition(error.message)
        return "\(location(of: error)): \(plainWords(forParseError: message))\n(Gherkin: \(message))"
    }

    /// A Gherkin message without its leading `(line:column): `.
    static func messageWithoutPosition(_ message: String) -> String {
        guard message.first == "(", let close = message.firstIndex(of: ")"),
            message[message.index(after: close)...].hasPrefix(": "),
            message[message.index(after: message.startIndex)..<close].allSatisfy({ $0.isNumber || $0 == ":" })
        else { return message }
        return String(message[message.index(close, offsetBy: 3)...])
    }

    /// The parse errors of a stream grouped by file, files in the order their first error came.
    package static func parseErrorsByFile(_ errors: [ParseError]) -> [(uri: String, errors: [ParseError])] {
        var order: [String] = []
        var byFile: [String: [ParseError]] = [:]
        for error in errors {
            let uri = error.source.uri ?? "unknown file"
            if byFile[uri] == nil { order.append(uri) }
            byFile[uri, default: []].append(error)
        }
        return order.map { ($0, byFile[$0] ?? []) }
    }

    /// The error text of a failed result: its stack trace when it includes the message, otherwise the message
    /// followed by the stack trace.
    package static func failureText(_ result: TestStepResult) -> String {
        let message = result.message ?? result.exception?.message
        let stack = result.exception?.stackTrace
        switch (message, stack) {
        case (let message?, let stack?) where !stack.isEmpty:
            return stack.contains(message) ? stack : "\(message)\n\(stack)"
        case (let message?, _):
            return message
        case (nil, let stack?):
            return stack
        case (nil, nil):
            return result.exception?.type ?? ""
        }
    }

    /// Why the run itself failed (`testRunFinished`'s exception or message), worded as `failureText` words a
    /// step's failure; nil when it says nothing.
    package static func runFailureText(_ finished: TestRunFinished) -> String? {
        guard finished.exception != nil || finished.message != nil else { return nil }
        let result = TestStepResult(
            duration: .zero, message: finished.message, status: .failed, exception: finished.exception)
        return failureText(result)
    }

    /// Every line of `text` prefixed by `count` spaces, except empty lines.
    package static func indent(_ text: String, by count: Int) -> String {
        let prefix = String(repeating: " ", count: count)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : prefix + $0 }
            .joined(separator: "\n")
    }

    /// A data table with aligned columns: `| a  | b |` per row; a cell wider than `ReportCell.maximumWidth` is cut
    /// with an ellipsis.
    package static func table(_ rows: [[String]]) -> String {
        let rows = rows.map { row in row.map { ReportCell.cut($0) } }
        var widths: [Int] = []
        for row in rows {
            for (index, cell) in row.enumerated() {
                let width = cell.count
                if index < widths.count { widths[index] = max(widths[index], width) } else { widths.append(width) }
            }
        }
        return rows.map { row in
            "| "
                + row.enumerated().map { index, cell in
                    cell + String(repeating: " ", count: widths[index] - cell.count)
                }.joined(separator: " | ") + " |"
        }.joined(separator: "\n")
    }

    /// A doc string between `"""` delimiters.
    package static func docString(_ docString: PickleDocString) -> String {
        "\"\"\"\(docString.mediaType ?? "")\n\(docString.content)\n\"\"\""
    }

    /// The argument of a pickle step as text: its doc string and/or data table.
    package static func argument(_ argument: PickleStepArgument) -> String {
        let tableText = argument.dataTable.map { dataTable in
            table(dataTable.rows.map { row in row.cells.map(\.value) })
        }
        let docText = argument.docString.map { docString($0) }
        let parts = argument.dataTable?.argumentIndex == 1 ? [tableText, docText] : [docText, tableText]
        return parts.compactMap { $0 }.joined(separator: "\n")
    }

    /// How Cucumber names a hook in reports: `Before`, `After`, `BeforeAll`, `AfterAll`, `BeforeStep`,
    /// `AfterStep`; `isBefore` decides for hooks of unknown type.
    package static func hookKeyword(_ hook: Hook?, isBefore: Bool) -> String {
        switch hook?.type {
        case .beforeTestRun: "BeforeAll"
        case .afterTestRun: "AfterAll"
        case .beforeTestCase: "Before"
        case .afterTestCase: "After"
        case .beforeTestStep: "BeforeStep"
        case .afterTestStep: "AfterStep"
        case nil: isBefore ? "Before" : "After"
        }
    }

    /// A step definition's pattern as written: regular expressions between slashes.
    package static func pattern(_ definition: StepDefinition) -> String {
        definition.pattern.type == .regularExpression ? "/\(definition.pattern.source)/" : definition.pattern.source
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's civil-from-days).
    private static func civilDate(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = daysSinceEpoch + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension RunQuery {
    /// The keyword of a pickle step as written in its document (e.g. `Given `, `And `), or one derived from the
    /// step's type.
    public func keyword(of pickleStep: PickleStep) -> String {
        if let step = gherkinStep(of: pickleStep) { return step.keyword }
        switch pickleStep.type {
        case .context: return "Given "
        case .action: return "When "
        case .outcome: return "Then "
        case .unknown, nil: return "* "
        }
    }

    /// The single step definition a test step matched, if exactly one did.
    package func matchedDefinition(of testStep: TestStep) -> StepDefinition? {
        guard let ids = testStep.stepDefinitionIds, ids.count == 1 else { return nil }
        return stepDefinition(id: ids[0])
    }

    /// Where a test step's code is: its single step definition, or its hook.
    public func codeLocation(of testStep: TestStep) -> String? {
        if let hookId = testStep.hookId { return codeLocations[hookId] }
        guard let ids = testStep.stepDefinitionIds, ids.count == 1 else { return nil }
        return codeLocations[ids[0]]
    }

    /// `uri:line` of the scenario (or examples row) a pickle comes from.
    public func location(of pickle: Pickle) -> String {
        ReportText.location(pickle.uri, lineage(of: pickle)?.line ?? pickle.location?.line)
    }

    /// The text explaining an ambiguous step: every matching definition's pattern and location.
    package func ambiguityText(_ testStep: TestStep) -> String {
        let definitions = (testStep.stepDefinitionIds ?? []).compactMap { stepDefinition(id: $0) }
        guard !definitions.isEmpty else { return "Multiple step definitions match" }
        let patterns = definitions.map { ReportText.pattern($0) }
        let width = patterns.map(\.count).max() ?? 0
        let lines = zip(patterns, definitions).map { pattern, definition in
            "  " + pattern + String(repeating: " ", count: width - pattern.count) + " - "
                + ReportText.location(definition.sourceReference)
        }
        return (["Multiple step definitions match:"] + lines).joined(separator: "\n")
    }

    /// The snippet to show for an undefined pickle step: the first one suggested (the generator's preferred
    /// expression, as `swift test` shows it; the `{float}` twin of every `{int}` is left to the messages).
    package func snippetText(forPickleStep pickleStepId: String) -> String? {
        suggestions(forPickleStep: pickleStepId).lazy.flatMap(\.snippets).first?.code
    }

    /// The step definitions closest to an undefined pickle step's text ("did you mean"), at most 3, each as
    /// `"pattern" (File.swift:12)`; empty when none is close. The one did-you-mean (`StepSuggester`), from the
    /// stream's step definitions and parameter types: what the runner and the language server propose.
    package func closestStepDefinitions(toPickleStep pickleStepId: String) -> [String] {
        guard let text = pickleStep(id: pickleStepId)?.text else { return [] }
        return closestDefinitions.closest(to: text, in: self).map { index in
            let definition = stepDefinitions[index]
            let pattern = ReportText.pattern(definition)
            let quoted = definition.pattern.type == .regularExpression ? pattern : "\"\(pattern)\""
            return "\(quoted) (\(ReportText.location(definition.sourceReference)))"
        }
    }

    /// "Did you mean:" and the closest step definitions, one per line, or nil when none is close.
    package func didYouMeanText(forPickleStep pickleStepId: String) -> String? {
        let closest = closestStepDefinitions(toPickleStep: pickleStepId)
        guard !closest.isEmpty else { return nil }
        return (["Did you mean:"] + closest.map { "  \($0)" }).joined(separator: "\n")
    }
}

/// The did-you-mean of a query's step definitions: made from the definitions and parameter types seen so far (made
/// again when more arrive), with the closest definitions of each text asked about kept (at most `capacity` texts).
struct ClosestDefinitions {
    static let capacity = 20_000
    private var suggester: StepSuggester?
    private var madeFrom = (definitions: 0, parameterTypes: 0)
    private var closestByText: [String: [Int]] = [:]

    /// The positions in `query.stepDefinitions` of the definitions closest to `text`, closest first.
    mutating func closest(to text: String, in query: RunQuery) -> [Int] {
        if suggester == nil || madeFrom != (query.stepDefinitions.count, query.parameterTypes.count) {
            var parameterTypes: [String: [String]] = [:]
            for type in query.parameterTypes { parameterTypes[type.name] = type.regularExpressions }
            suggester = StepSuggester(
                definitions: query.stepDefinitions.map {
                    .init(source: $0.pattern.source, isRegularExpression: $0.pattern.type == .regularExpression)
                },
                parameterTypes: parameterTypes)
            madeFrom = (query.stepDefinitions.count, query.parameterTypes.count)
            closestByText = [:]
        }
        if let known = closestByText[text] { return known }
        let found = suggester?.suggestions(for: text).map(\.definition) ?? []
        if closestByText.count < Self.capacity { closestByText[text] = found }
        return found
    }
}
