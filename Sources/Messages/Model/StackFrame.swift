/// One place of a failure's stack trace: a file, a line and a column.
///
/// A runner writes the places a failure knows into `Exception.stackTrace`, one `at FILE:LINE:COLUMN` line each,
/// innermost first (a Gherkin harness: the `.feature` cell a step rejected, then the Swift line where the
/// expectation failed or the error was thrown). Reports read them back with `Exception.frames`.
///
/// ```
/// at Specs/cart.feature:14:9
/// at ShopAcceptance/ShopSteps.swift:23:13
/// ```
public struct StackFrame: Sendable, Hashable, CustomStringConvertible {
    /// The file: a `.feature` uri, or a Swift file as `#fileID` gives it (`Module/File.swift`).
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, when known.
    public var column: Int?

    /// Creates a frame.
    public init(file: String, line: Int, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `FILE:LINE:COLUMN` (or `FILE:LINE`).
    public var description: String { column.map { "\(file):\(line):\($0)" } ?? "\(file):\(line)" }

    /// The frame of one stack-trace line, `at FILE:LINE[:COLUMN]` (leading spaces allowed); nil for any other line.
    public init?(line text: Substring) {
        var text = text.drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix("at ") else { return nil }
        text = text.dropFirst(3)
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        if parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]),
            line > 0, column > 0
        {
            self.init(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
        } else if let line = Int(parts[parts.count - 1]), line > 0 {
            self.init(file: parts.dropLast().joined(separator: ":"), line: line)
        } else {
            return nil
        }
        if file.isEmpty { return nil }
    }
}

extension Exception {
    /// The stack trace of `frames`: one `at FILE:LINE:COLUMN` line each; nil when there are none.
    public static func stackTrace(_ frames: [StackFrame]) -> String? {
        frames.isEmpty ? nil : frames.map { "at \($0)" }.joined(separator: "\n")
    }

    /// The frames of the stack trace (its `at FILE:LINE[:COLUMN]` lines), innermost first.
    public var frames: [StackFrame] {
        guard let stackTrace else { return [] }
        return stackTrace.split(separator: "\n").compactMap { StackFrame(line: $0) }
    }
}
