/// A place in Swift source code: where a step definition, a hook or a failed assertion was written.
///
/// Named `CodeLocation`, not `SourceLocation`, so that it never clashes with Swift Testing's type in a file that
/// imports both.
public struct CodeLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file as `#fileID` gives it, e.g. `FeedAcceptance/CacheSteps.swift`.
    public var fileID: String
    /// The file as `#filePath` gives it (absolute at build time).
    public var filePath: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int

    /// Creates a location; the defaults are the caller's position.
    public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// `fileID:line`, e.g. `FeedAcceptance/CacheSteps.swift:42`.
    public var description: String { "\(fileID):\(line)" }
}
