import Foundation

/// Why a run could not start: a missing path, an unreadable file, or a bad configuration value.
public struct SpecRunError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem.
    public enum Kind: Sendable, Hashable {
        /// A feature path does not exist.
        case missingPath
        /// A file or folder cannot be read.
        case unreadable
        /// A configuration value is invalid (tag expression, name pattern, shard, order, line filter...).
        case invalidConfiguration
        /// A scenario asked for is not in the specs read (they changed since the scenario was listed).
        case scenarioNotFound
    }

    /// What kind of problem.
    public var kind: Kind
    /// What is wrong, naming the path or value, and what to do.
    public var message: String

    /// Creates an error.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
