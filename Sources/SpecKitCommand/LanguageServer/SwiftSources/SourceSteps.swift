import CucumberExpressions
import Foundation
import SpecKit

/// The step definitions the package's Swift sources register, read from their text (`steps.when("the customer
/// opens the feed")`, `steps.then(regex: #"^…$"#)`), beside the compiled library the server was built with. A step
/// that only a definition written since the build matches (a new step, a renamed one) is "not built yet", a
/// warning naming the Swift place and the command that builds it, never "undefined".
///
/// The sources are the Swift files, on disk in the folder the editor opened, of the targets that hold the compiled
/// library's definitions (`Sources/FeedAcceptance/`: another target's steps, a benchmark's catch-all, are another
/// library's), read again when a file's modification date changes (checked at most once a second); and the edits
/// the server itself asked the editor to make (a rename, a written step), which may not be saved yet.
struct SourceSteps {
    /// A definition as the sources write it.
    struct Definition: Hashable {
        var pattern: String
        var isRegularExpression: Bool
        /// The Swift file's path and the definition's line (from 1).
        var file: String
        var line: Int
    }

    /// The definitions the sources have and the compiled library has not, in file order.
    private(set) var unbuilt: [Definition] = []
    private var onDisk: [Definition] = []
    private var edited: [Definition] = []
    private var compiled: Set<Key> = []
    private var registry = ParameterTypeRegistry()
    private var files: [String: Date] = [:]
    private var folders: [String] = []
    private var lastScan: ContinuousClock.Instant?
    private var expressions: [Definition: CompiledPattern] = [:]

    private struct Key: Hashable {
        var pattern: String
        var isRegularExpression: Bool
    }

    private enum CompiledPattern {
        case cucumber(CucumberExpression)
        case regular(RegularExpression)
        case invalid
    }

    init() {}

    /// The sources in `folders` (the library's targets in the opened package), against the compiled `definitions`.
    init(folders: [String], definitions: [StepDefinitionInfo], registry: ParameterTypeRegistry) {
        self.folders = folders
        self.registry = registry
        compiled = Set(definitions.map { Key(pattern: $0.pattern, isRegularExpression: $0.isRegularExpression) })
        refresh(force: true)
    }

    /// Reads the sources again when a Swift file changed on disk (checked at most once a second, unless `force`);
    /// returns whether the definitions not built yet changed.
    @discardableResult
    mutating func refresh(force: Bool = false) -> Bool {
        guard !folders.isEmpty else { return false }
        let now = ContinuousClock.now
        if !force, let lastScan, lastScan.duration(to: now) < .seconds(1) { return false }
        lastScan = now
        var dates: [String: Date] = [:]
        for path in folders.flatMap(Self.swiftFiles(in:)) {
            dates[path] = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        }
        guard force || dates != files else { return false }
        files = dates
        onDisk = dates.keys.sorted().flatMap { path -> [Definition] in
            guard let data = FileManager.default.contents(atPath: path), data.count <= 4 << 20 else { return [] }
            return Self.definitions(inSwift: String(decoding: data, as: UTF8.self), file: path)
        }
        let before = unbuilt
        update()
        return unbuilt != before
    }

    /// Records a definition the server asked the editor to write (`pattern` at `file`, line from 1), replacing the
    /// one `replacing` names when a rename changed it.
    mutating func edited(_ definition: Definition, replacing old: String? = nil) {
        if let old {
            edited.removeAll { $0.pattern == old && $0.file == definition.file }
            onDisk.removeAll { $0.pattern == old && $0.file == definition.file }
        }
        edited.append(definition)
        update()
    }

    private mutating func update() {
        var seen = Set<Key>()
        unbuilt = (onDisk + edited).filter { definition in
            let key = Key(pattern: definition.pattern, isRegularExpression: definition.isRegularExpression)
            return !compiled.contains(key) && seen.insert(key).inserted
        }
    }

    /// The definitions not built yet that match `text`.
    mutating func unbuiltMatches(_ text: String) -> [Definition] {
        unbuilt.filter { definition in
            if expressions[definition] == nil {
                if definition.isRegularExpression {
                    expressions[definition] =
                        (try? RegularExpression(definition.pattern, registry: registry)).map { .regular($0) }
                        ?? .invalid
                } else {
                    expressions[definition] =
                        (try? CucumberExpression(definition.pattern, registry: registry)).map { .cucumber($0) }
                        ?? .invalid
                }
            }
            switch expressions[definition] {
            case .cucumber(let expression): return ((try? expression.match(text)) ?? nil) != nil
            case .regular(let expression): return ((try? expression.match(text)) ?? nil) != nil
            case .invalid, .none: return false
            }
        }
    }

    /// The Swift files under `folder`, `.build` and hidden folders skipped.
    static func swiftFiles(in folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            if name.hasSuffix(".swift") { files.append(folder + "/" + relative) }
        }
        return files
    }

    /// The step definitions a Swift text registers: a call `.given(`, `.when(`, `.then(` or `.step(` whose first
    /// argument (`regex:` for a regular expression) is a string literal without interpolation, plain (`"…"`) or
    /// raw (`#"…"#`). Comments are skipped.
    static func definitions(inSwift text: String, file: String) -> [Definition] {
        let scalars = Array(text.unicodeScalars)
        var definitions: [Definition] = []
        var index = 0
        var line = 1
        func at(_ offset: Int, _ word: String) -> Bool {
            var position = offset
            for scalar in word.unicodeScalars {
                guard position < scalars.count, scalars[position] == scalar else { return false }
                position += 1
            }
            return true
        }
        func skipSpaces(_ offset: inout Int) {
            while offset < scalars.count,
                scalars[offset] == " " || scalars[offset] == "\t" || scalars[offset] == "\n"
                    || scalars[offset] == "\r"
            {
                offset += 1
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" {
                line += 1
                index += 1
                continue
            }
            if at(index, "//") {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
                continue
            }
            if at(index, "/*") {
                index += 2
                while index < scalars.count, !at(index, "*/") {
                    if scalars[index] == "\n" { line += 1 }
                    index += 1
                }
                index += 2
                continue
            }
            if scalar == "\"" || scalar == "#" && at(index, "#\"") {
                // A literal that is not a definition's: skipped whole, so its text is never read as code.
                let start = index
                _ = literal(scalars, at: &index)
                line += scalars[start..<min(index, scalars.count)].filter { $0 == "\n" }.count
                if index == start { index += 1 }
                continue
            }
            guard scalar == "." else {
                index += 1
                continue
            }
            let method = ["given(", "when(", "then(", "step("].first { at(index + 1, $0) }
            guard let method else {
                index += 1
                continue
            }
            var cursor = index + 1 + method.unicodeScalars.count
            skipSpaces(&cursor)
            var isRegularExpression = false
            if at(cursor, "regex:") {
                isRegularExpression = true
                cursor += 6
                skipSpaces(&cursor)
            }
            let definitionLine = line  // where the call starts, as the definition's `#line` says
            let literalStart = cursor
            if let pattern = literal(scalars, at: &cursor) {
                definitions.append(
                    Definition(
                        pattern: pattern, isRegularExpression: isRegularExpression, file: file, line: definitionLine))
            }
            line += scalars[index..<max(cursor, literalStart)].filter { $0 == "\n" }.count
            index = max(cursor, index + 1)
        }
        return definitions
    }

    /// The value of the one-line string literal at `index` (moved past it); nil for anything else (an
    /// interpolation, a multi-line literal, an unclosed one), with `index` past what was read.
    static func literal(_ scalars: [Unicode.Scalar], at index: inout Int) -> String? {
        var hashes = 0
        var position = index
        while position < scalars.count, scalars[position] == "#" {
            hashes += 1
            position += 1
        }
        guard position < scalars.count, scalars[position] == "\"" else { return nil }
        if position + 2 < scalars.count, scalars[position + 1] == "\"", scalars[position + 2] == "\"" {
            // A multi-line literal: skipped to its closing delimiter.
            position += 3
            while position + 2 < scalars.count,
                !(scalars[position] == "\"" && scalars[position + 1] == "\"" && scalars[position + 2] == "\"")
            {
                position += 1
            }
            index = min(position + 3 + hashes, scalars.count)
            return nil
        }
        position += 1
        var value = String.UnicodeScalarView()
        var interpolated = false
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "\n" { break }
            if scalar == "\"" {
                var closing = 0
                while closing < hashes, position + 1 + closing < scalars.count, scalars[position + 1 + closing] == "#" {
                    closing += 1
                }
                if closing == hashes {
                    index = position + 1 + hashes
                    return interpolated ? nil : String(value)
                }
            }
            let escapes = scalar == "\\" && (hashes == 0 || Self.hashes(scalars, after: position) >= hashes)
            if escapes {
                let next = position + 1 + hashes
                guard next < scalars.count else { break }
                switch scalars[next] {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "0": value.append("\0")
                case "(", "u": interpolated = true  // an interpolation, or a Unicode escape: not read
                default: value.append(scalars[next])
                }
                position = next + 1
                continue
            }
            value.append(scalar)
            position += 1
        }
        index = position
        return nil
    }

    /// How many `#` follow the scalar at `position`.
    private static func hashes(_ scalars: [Unicode.Scalar], after position: Int) -> Int {
        var count = 0
        while position + 1 + count < scalars.count, scalars[position + 1 + count] == "#" { count += 1 }
        return count
    }
}
