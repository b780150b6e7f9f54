// modules: TagExpressions
// options: -max_len=4096 -timeout=5
//
// Fuzz target for tag expressions: any text parses or throws; a parsed expression's canonical form parses back to
// the same expression, and it evaluates without crashing against a few tag sets (none, each tag it names, all).

import TagExpressions

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTagExpressions(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let expression: TagExpression
    do {
        expression = try TagExpression(text)
    } catch {
        _ = error.description
        return 0
    }
    let canonical = expression.description
    do {
        let reparsed = try TagExpression(canonical)
        check(reparsed == expression, "\(String(reflecting: canonical)) parses to \(String(reflecting: reparsed)), not \(String(reflecting: expression))")
    } catch {
        fatalError("canonical form \(String(reflecting: canonical)) of \(String(reflecting: text)) does not parse: \(error)")
    }
    let tags = names(in: expression)
    _ = expression.evaluate(Set<String>())
    _ = expression.evaluate(tags)
    for tag in tags.prefix(16) {
        _ = expression.evaluate([tag])
        _ = expression.evaluate(tags.subtracting([tag]))
    }
    return 0
}

private func names(in expression: TagExpression) -> Set<String> {
    var names: Set<String> = []
    var pending = [expression]
    while let next = pending.popLast() {
        switch next {
        case .always: break
        case .tag(let name): names.insert(name)
        case .not(let operand): pending.append(operand)
        case .and(let left, let right), .or(let left, let right): pending.append(contentsOf: [left, right])
        }
    }
    return names
}

/// `precondition` that keeps its message in optimized builds.
func check(_ condition: Bool, _ message: @autoclosure () -> String, line: UInt = #line) {
    if !condition { fatalError(message(), line: line) }
}
