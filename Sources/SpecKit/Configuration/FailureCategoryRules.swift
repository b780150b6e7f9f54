import Foundation
import Gherkin
import Messages
import StepSuggestions

/// Reads failure categories (`FailureCategory`) written as Allure's `categories.json` writes them: an array of
/// rules, each `{"name": …, "matchedStatuses": […], "messageRegex": …, "traceRegex": …}`, inline under a profile's
/// `categories` key or in a file of their own (`--categories FILE`, or the key's value as a path).
///
/// A rule that cannot be used is an error naming the file, the line and column of the rule (or of its field at
/// fault), the rule's position and name, and what it expects.
public enum FailureCategoryRules {
    /// The fields a rule may hold.
    static let fields = ["name", "matchedStatuses", "messageRegex", "traceRegex", "flaky"]

    /// What the `categories` key and a categories file hold, for error messages.
    static let expected =
        "an array of categories, each {\"name\": …, \"matchedStatuses\": […], \"messageRegex\": …, "
        + "\"traceRegex\": …}, or the path of such a file (Allure's categories.json)"

    /// The rules of the file at `path`, a JSON array of rules.
    ///
    /// - Throws: `ConfigurationFileError` naming the file, and the line and column where known, when it cannot be
    ///   read, is not JSON, is not an array, or holds a rule that cannot be used.
    public static func read(file path: String) throws(ConfigurationFileError) -> [FailureCategory] {
        let (root, text) = try ConfigurationFile.parse(try ConfigurationFile.read(path), path: path)
        let start = text.firstValue(from: 0) ?? 0
        do {
            return try rules(from: root)
        } catch {
            let place = text.place(of: error, inArrayAt: start)
            throw ConfigurationFileError(
                path: path, line: place.line, column: place.column, message: error.description)
        }
    }

    /// The rules of `value`, a JSON array of rules.
    ///
    /// - Throws: `FailureCategoryError` naming the rule and its field at fault (for a value that is not an array:
    ///   rule 1, no field).
    static func rules(from value: JSONValue) throws(FailureCategoryError) -> [FailureCategory] {
        guard case .array(let items) = value else {
            throw FailureCategoryError(index: 0, reason: "expected \(expected), not \(ProfileReader.describe(value))")
        }
        var rules: [FailureCategory] = []
        for (index, item) in items.enumerated() {
            rules.append(try rule(from: item, index: index))
        }
        _ = try FailureCategories(rules)  // the regular expressions compile
        return rules
    }

    private static func rule(from item: JSONValue, index: Int) throws(FailureCategoryError) -> FailureCategory {
        guard case .object(let members) = item else {
            throw FailureCategoryError(
                index: index, reason: "a category is an object {\"name\": …}, not \(ProfileReader.describe(item))")
        }
        var name: String?
        if case .string(let text)? = members["name"] { name = text }
        func fail(_ field: String?, _ reason: String) -> FailureCategoryError {
            FailureCategoryError(index: index, name: name, field: field, reason: reason)
        }
        for key in members.keys.sorted() where !fields.contains(key) {
            let suggestion = closestName(to: key, in: fields).map { "did you mean \"\($0)\"? " }
            throw fail(key, "not a field of a category (\(suggestion ?? "")fields: \(fields.joined(separator: ", ")))")
        }
        guard let name, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw fail("name", "a category needs a name (a string that is not empty)")
        }
        var rule = FailureCategory(name: name)
        switch members["matchedStatuses"] {
        case nil: break
        case .array(let statuses)?:
            for status in statuses {
                guard case .string(let text) = status else {
                    throw fail("matchedStatuses", "expected an array of strings")
                }
                guard let matched = FailureCategory.Status(rawValue: text) else {
                    let known = FailureCategory.Status.allCases.map(\.rawValue).joined(separator: ", ")
                    let why =
                        ["passed", "skipped", "unknown"].contains(text)
                        ? ": categories sort the scenarios that did not pass, and a \(text) one is not a failure" : ""
                    throw fail("matchedStatuses", "\"\(text)\" is not a status a category takes (\(known))\(why)")
                }
                rule.matchedStatuses.append(matched)
            }
        case let other?:
            throw fail("matchedStatuses", "expected an array of strings, not \(ProfileReader.describe(other))")
        }
        for field in ["messageRegex", "traceRegex"] {
            switch members[field] {
            case nil, .null?: continue
            case .string(let pattern)?:
                if field == "messageRegex" { rule.messageRegex = pattern } else { rule.traceRegex = pattern }
            case let other?:
                throw fail(field, "expected a regular expression (a string), not \(ProfileReader.describe(other))")
            }
        }
        switch members["flaky"] {
        case nil, .bool(false)?: break
        case .bool(true)?:
            throw fail(
                "flaky", "a scenario that passes on a retry is flaky, not a failure: no category takes it (remove it)")
        case let other?:
            throw fail("flaky", "expected false, not \(ProfileReader.describe(other))")
        }
        return rule
    }
}

/// A JSON text, to say where in it a value is: what `JSONValue` does not keep.
struct JSONText: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The 1-based line and column (in Unicode scalars) of `offset`.
    func place(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column =
            String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self).unicodeScalars.count + 1
        return (line, column)
    }

    /// The offset of the first `"key"` followed by `:` at or after `start`.
    func offset(ofKey key: String, from start: Int) -> Int? {
        let quoted = Array("\"\(key)\"".utf8)
        var index = start
        while index + quoted.count <= bytes.count {
            if bytes[index] == quoted[0], bytes[index..<index + quoted.count].elementsEqual(quoted) {
                var after = index + quoted.count
                while after < bytes.count, Self.isSpace(bytes[after]) { after += 1 }
                if after < bytes.count, bytes[after] == UInt8(ascii: ":") { return index }
            }
            index += 1
        }
        return nil
    }

    /// The offset of the value of the key written at `keyOffset` (past its `:` and spaces).
    func valueOffset(ofKeyAt keyOffset: Int) -> Int? {
        guard var index = bytes[keyOffset...].firstIndex(of: UInt8(ascii: ":")) else { return nil }
        index += 1
        return firstValue(from: index)
    }

    /// The offset of the first byte at or after `start` that is not a space.
    func firstValue(from start: Int) -> Int? {
        var index = start
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        return index < bytes.count ? index : nil
    }

    /// The offset of element `position` (from 0) of the array whose `[` is at `start`.
    func element(_ position: Int, ofArrayAt start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "[") else { return nil }
        var depth = 0
        var element = 0
        var atElementStart = true
        var inString = false
        var escaped = false
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            defer { index += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            if Self.isSpace(byte) { continue }
            if depth == 0 && atElementStart && byte != UInt8(ascii: "]") {
                if element == position { return index }
                atElementStart = false
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return nil }
                depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                element += 1
                atElementStart = true
            default: break
            }
        }
        return nil
    }

    /// Where a rule's error is: its field inside the rule, else the rule, else the array at `arrayStart`.
    func place(of error: FailureCategoryError, inArrayAt arrayStart: Int) -> (line: Int, column: Int) {
        guard let rule = element(error.index, ofArrayAt: arrayStart) else { return place(of: arrayStart) }
        let end = element(error.index + 1, ofArrayAt: arrayStart) ?? bytes.count
        guard let field = error.field, bytes[rule] == UInt8(ascii: "{"),
            let fieldOffset = offset(ofKey: field, from: rule), fieldOffset < end
        else { return place(of: rule) }
        return place(of: fieldOffset)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
