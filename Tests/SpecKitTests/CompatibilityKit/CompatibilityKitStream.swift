import Foundation
import TestSupport

/// Makes two message streams of one sample comparable as JSON values, keeping everything the runner decides.
///
/// What differs between the official TypeScript run and ours without being a behaviour of the runner:
/// - ids: both number them, but in different orders; each id is replaced by the order of its first appearance
///   (keys `id`, `…Id`, and the elements of `…Ids`, visited depth-first with object keys sorted);
/// - `timestamp` and `duration`: times of the run;
/// - `meta`: the implementation, runtime, OS, CPU, CI and protocol version of the run's host;
/// - `uri`: the sample's files are `samples/<name>/…` there and absolute paths here; only the file name is kept;
/// - `sourceReference` of definitions and hooks: a TypeScript file and line there, a Swift file and line here;
///   only its presence is compared;
/// - `exception.stackTrace`: JavaScript frames there, Swift locations here. `type` and `message` are compared
///   as they are: the step definitions throw types named as the samples' (`Error`, `AssertionError`; see
///   `JavaScript`) and the runner names SpecKit's `Pending` and `Skipped` as cucumber-js does;
/// - snippets of `suggestion`s: TypeScript there, Swift here; each becomes `<keyword>: <expression>`, the
///   definition keyword (lowercased) and the first string literal of the code, which must agree.
enum CompatibilityKitStream {
    /// `envelopes` with the fields above normalised.
    static func normalised(_ envelopes: [ConformanceValue]) -> [ConformanceValue] {
        var ids = IdMap()
        return envelopes.map { envelope in
            if envelope["meta"] != nil { return .object(["meta": .string("<meta>")]) }
            return normalise(envelope, key: nil, ids: &ids)
        }
    }

    /// The ids seen so far, numbered by first appearance.
    struct IdMap {
        private var numbers: [String: Int] = [:]

        mutating func callAsFunction(_ id: String) -> ConformanceValue {
            if let number = numbers[id] { return .string("id\(number)") }
            numbers[id] = numbers.count
            return .string("id\(numbers.count - 1)")
        }
    }

    private static func normalise(_ value: ConformanceValue, key: String?, ids: inout IdMap) -> ConformanceValue {
        switch (key, value) {
        case ("timestamp", _), ("duration", _): return .string("<time>")
        case ("sourceReference", _): return .string("<sourceReference>")
        case ("uri", .string(let uri)): return .string(URL(fileURLWithPath: uri).lastPathComponent)
        case ("exception", .object(var exception)):
            exception["stackTrace"] = nil
            return normalise(.object(exception), key: nil, ids: &ids)
        case ("snippets", .array(let snippets)): return .array(snippets.map(snippet))
        case (let key?, .string(let id)) where key == "id" || key.hasSuffix("Id"): return ids(id)
        case (let key?, .array(let values)) where key.hasSuffix("Ids"):
            return .array(values.map { $0.string.map { ids($0) } ?? $0 })
        case (_, .array(let values)):
            return .array(values.map { normalise($0, key: nil, ids: &ids) })
        case (_, .object(let object)):
            var result: [String: ConformanceValue] = [:]
            for name in object.keys.sorted() {
                result[name] = normalise(object[name] ?? .null, key: name, ids: &ids)
            }
            return .object(result)
        default: return value
        }
    }

    /// `Given("a {int} b", (int: number) => …)` (TypeScript) and `steps.given("a {int} b") { (world, int: Int) in …`
    /// (Swift) both become `given: a {int} b (int)`: the keyword, the expression and the parameter names.
    static func snippet(_ snippet: ConformanceValue) -> ConformanceValue {
        guard let code = snippet["code"]?.string,
            let quote = code.firstIndex(of: "\""),
            let end = code[code.index(after: quote)...].firstIndex(of: "\"")
        else { return snippet }
        let call = code[..<quote].trimmingCharacters(in: CharacterSet(charactersIn: "( "))
        let keyword = call.split(separator: ".").last.map(String.init) ?? call
        let rest = code[code.index(after: end)...]
        let parameters = rest.prefix { $0 != "\n" }.matches(of: /(\w+):/).map { String($0.output.1) }
        return .string(
            "\(keyword.lowercased()): \(code[code.index(after: quote)..<end]) (\(parameters.joined(separator: ", ")))")
    }

    /// The differences between `actual` and `expected`, envelope by envelope (the first `limit` of them), for a
    /// failure message; empty when the streams are equal.
    static func differences(actual: [ConformanceValue], expected: [ConformanceValue], limit: Int = 5) -> String {
        var lines: [String] = []
        var count = 0
        for index in 0..<max(actual.count, expected.count) {
            let mine = index < actual.count ? actual[index] : nil
            let theirs = index < expected.count ? expected[index] : nil
            guard mine != theirs else { continue }
            count += 1
            guard count <= limit else { continue }
            if let mine, let theirs, let (path, sample, runner) = firstDifference(mine, theirs, path: "") {
                lines += ["envelope \(index + 1), at \(path):", "  sample: \(sample)", "  runner: \(runner)"]
            } else {
                lines += [
                    "envelope \(index + 1):",
                    "  sample: \(theirs.map { shortened($0.description) } ?? "(none)")",
                    "  runner: \(mine.map { shortened($0.description) } ?? "(none)")",
                ]
            }
        }
        guard count > 0 else { return "" }
        return
            (["\(count) envelopes differ (the runner wrote \(actual.count), the sample has \(expected.count))"]
            + lines).joined(separator: "\n")
    }

    /// The path of the first difference between two values, and both values there.
    static func firstDifference(_ mine: ConformanceValue, _ theirs: ConformanceValue, path: String) -> (
        path: String, sample: String, runner: String
    )? {
        switch (mine, theirs) {
        case (.object(let left), .object(let right)):
            for key in Set(left.keys).union(right.keys).sorted() where left[key] != right[key] {
                guard let leftValue = left[key], let rightValue = right[key] else {
                    return (
                        path + "." + key, shortened(right[key]?.description ?? "(absent)"),
                        shortened(left[key]?.description ?? "(absent)")
                    )
                }
                return firstDifference(leftValue, rightValue, path: path + "." + key)
            }
            return nil
        case (.array(let left), .array(let right)) where left.count == right.count:
            for (index, (leftValue, rightValue)) in zip(left, right).enumerated() where leftValue != rightValue {
                return firstDifference(leftValue, rightValue, path: path + "[\(index)]")
            }
            return nil
        default:
            return mine == theirs ? nil : (path, shortened(theirs.description), shortened(mine.description))
        }
    }

    private static func shortened(_ text: String) -> String {
        text.count <= 600 ? text : text.prefix(600) + "…"
    }
}
