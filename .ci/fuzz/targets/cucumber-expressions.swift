// modules: RegexEngine CucumberExpressions
// options: -max_len=4096 -timeout=5
//
// Fuzz target for Cucumber Expressions. The input is an expression, a newline, and a step text. The expression is
// compiled with the default parameter types and matched against the text, every argument is transformed, and the
// snippet generator runs on the text: each proposed expression must compile and match the text it came from.
// Anything may be rejected with an error; nothing may crash or hang.

import CucumberExpressions

private let registry = ParameterTypeRegistry()
private let generator = CucumberExpressionGenerator(registry: registry)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCucumberExpressions(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let (source, text) = split(input)
    do {
        let expression = try CucumberExpression(source, registry: registry)
        _ = expression.regexPattern
        if let arguments = try expression.match(text) {
            check(arguments.count == expression.parameterTypes.count, "one argument per parameter")
            for argument in arguments {
                _ = try? argument.value()
            }
        }
    } catch let error as CucumberExpressionError {
        check(error.index >= 0, "error index \(error.index)")
        _ = error.message
    } catch {
        _ = String(describing: error)
    }
    for generated in generator.generateExpressions(for: text).prefix(8) {
        do {
            let expression = try CucumberExpression(generated.source, registry: registry)
            let arguments = try expression.match(text)
            check(arguments != nil, "generated expression \(String(reflecting: generated.source)) does not match its text \(String(reflecting: text))")
        } catch {
            fatalError("generated expression \(String(reflecting: generated.source)) for \(String(reflecting: text)) fails: \(error)")
        }
    }
    return 0
}

/// The expression (up to the first newline) and the text (the rest).
func split(_ input: String) -> (String, String) {
    guard let newline = input.firstIndex(of: "\n") else { return (input, input) }
    return (String(input[..<newline]), String(input[input.index(after: newline)...]))
}

/// `precondition` that keeps its message in optimized builds.
func check(_ condition: Bool, _ message: @autoclosure () -> String, line: UInt = #line) {
    if !condition { fatalError(message(), line: line) }
}
