import Foundation
import SpecKit

/// The Swift files of the step library as the editor's workspace has them, read again when their modification
/// date changes: for the comment above a definition, and for writing new definitions beside the others.
struct SourceFiles {
    private var files: [String: (modified: Date?, lines: [String])] = [:]

    /// The lines of the file at `path` (empty when it cannot be read).
    mutating func lines(of path: String) -> [String] {
        let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        if let known = files[path], known.modified == modified { return known.lines }
        let data = FileManager.default.contents(atPath: path) ?? Data()
        let read = TextLines(String(decoding: data, as: UTF8.self)).lines
        files[path] = (modified, read)
        return read
    }

    /// The comment right above a Swift line (`///` or `//` lines, not `// MARK:`), without the slashes, or nil.
    mutating func docComment(in path: String, line: Int) -> String? {
        let lines = lines(of: path)
        var comment: [String] = []
        var index = line - 2
        while index >= 0, index < lines.count {
            let trimmed = lines[index].drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("//"), !trimmed.hasPrefix("// MARK:") else { break }
            comment.insert(String(trimmed.drop { $0 == "/" }.drop { $0 == " " }), at: 0)
            index -= 1
        }
        return comment.isEmpty ? nil : comment.joined(separator: "\n")
    }
}
