// modules: RegexEngine CucumberExpressions
// options: -max_len=2048 -timeout=5
//
// Fuzz target for regular-expression step definitions and the built-in backtracking matcher. The input is a
// pattern, a newline, and a step text. A pattern may be rejected, and matching may throw (the matcher has a step
// budget against catastrophic backtracking), but nothing may crash, and a run over the timeout is a bug.

import CucumberExpressions

private let registry = ParameterTypeRegistry()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegularExpressions(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let pattern: String
    let text: String
    if let newline = input.firstIndex(of: "\n") {
        pattern = String(input[..<newline])
        text = String(input[input.index(after: newline)...])
    } else {
        pattern = input
        text = input
    }
    guard let expression = try? RegularExpression(pattern, registry: registry) else { return 0 }
    do {
        if let arguments = try expression.match(text) {
            check(arguments.count == expression.parameterTypes.count, "one argument per capture group")
            for argument in arguments {
                if let start = argument.group.start, let end = argument.group.end {
                    check(0 <= start && start <= end && end <= text.utf16.count, "group \(start)..<\(end)")
                }
                _ = try? argument.value()
            }
        }
    } catch {
        _ = String(describing: error)
    }
    return 0
}

/// `precondition` that keeps its message in optimized builds.
func check(_ condition: Bool, _ message: @autoclosure () -> String, line: UInt = #line) {
    if !condition { fatalError(message(), line: line) }
}
