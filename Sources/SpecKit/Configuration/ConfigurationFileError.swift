/// A configuration file (`cucumber.json`) that cannot be used: its path, where the problem is when known, and what
/// is wrong, naming the profile, the key and what the key expects.
public struct ConfigurationFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's path.
    public var path: String
    /// The 1-based line of the problem, when known.
    public var line: Int?
    /// The 1-based column of the problem, when known.
    public var column: Int?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: message`.
    public var description: String {
        var place = path
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return "\(place): \(message)"
    }
}
