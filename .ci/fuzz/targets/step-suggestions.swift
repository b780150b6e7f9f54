// modules: StepSuggestions
// options: -max_len=256 -timeout=5
//
// Fuzz target for did-you-mean: the input is a pattern, a newline, then a step's text. The pattern is read as a
// Cucumber Expression and as a regular expression (with a custom parameter type whose regular expression is the
// pattern too); every suggestion names a definition that exists, stays within the closeness rule, and its rewrite
// and completions are made without crashing. A text with a word is at distance 0 from itself as a used text.

import StepSuggestions

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStepSuggestions(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parts = input.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let pattern = String(parts[0])
    let text = parts.count > 1 ? String(parts[1]) : ""
    let definitions: [StepSuggester.Definition] = [
        .init(source: pattern, isRegularExpression: false),
        .init(source: pattern, isRegularExpression: true),
        .init(source: "the {custom} is " + pattern, isRegularExpression: false),
    ]
    let types = ["custom": [pattern]]
    let suggester = StepSuggester(definitions: definitions, parameterTypes: types, usedTexts: [(text, 0)])
    for suggestion in suggester.suggestions(for: text, limit: 3, rewriting: true) {
        check(suggestion.definition >= 0 && suggestion.definition < definitions.count, "definition out of range")
        check(suggestion.distance * 3 <= suggestion.fixedLength, "a suggestion past the closeness rule")
    }
    // A used text is compared when it shares a word (two letters or more) with the step.
    let hasWord = zip(text.unicodeScalars, text.unicodeScalars.dropFirst()).contains {
        $0.0.properties.isAlphabetic && $0.1.properties.isAlphabetic
    }
    if StepSuggester.isScored(text), text.unicodeScalars.count >= 3, hasWord {
        let exact = suggester.suggestions(for: text).first { $0.usedText == text }
        check(exact?.distance == 0, "a used text is not at distance 0 from itself: \(String(reflecting: text))")
    }
    let patterns = StepPatterns(definitions: definitions, parameterTypes: types)
    let scalars = text.unicodeScalars.count
    for definition in definitions.indices {
        for start in [0, scalars / 2, scalars] {
            _ = patterns.continuation(of: definition, typed: text, from: start)
        }
    }
    _ = editDistance(pattern, text, limit: 64)
    return 0
}

/// `precondition` that keeps its message in optimized builds.
func check(_ condition: Bool, _ message: @autoclosure () -> String, line: UInt = #line) {
    if !condition { fatalError(message(), line: line) }
}
