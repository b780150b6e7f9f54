/// Why a report could not be written, or streams could not be merged.
public enum ReportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Writing to an output (a path, `standard output`...) failed.
    case cannotWrite(destination: String, reason: String)
    /// A file or directory could not be created.
    case cannotCreate(path: String, reason: String)
    /// A file could not be read.
    case cannotRead(path: String, reason: String)
    /// Two shards disagree about a message that must be the same in every shard.
    case conflictingShards(shard: String, reason: String)

    /// One line naming the path or destination and what to do next.
    public var description: String {
        switch self {
        case .cannotWrite(let destination, let reason):
            "cannot write the report to \(destination): \(reason)"
        case .cannotCreate(let path, let reason):
            "cannot create \(path): \(reason) (check that the directory is writable)"
        case .cannotRead(let path, let reason):
            "cannot read \(path): \(reason)"
        case .conflictingShards(let shard, let reason):
            "cannot merge \(shard): \(reason) (were all shards run from the same sources?)"
        }
    }
}
