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
    /// A report's path is something a report cannot be written to: a folder, a socket (`kind` says which).
    case notAFile(path: String, kind: String)
    /// A report folder's path (or a folder above it) is not a folder: a file, a FIFO (`kind` says which).
    case notAFolder(path: String, kind: String)
    /// A message of a stream to merge is wrong: an id used twice or pointing nowhere, a shard given twice.
    case invalidStream(file: String, line: Int?, reason: String)

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
        case .notAFile(let path, let kind):
            "cannot write a report to \(path): it is \(kind); give the path of a file (or of a device or a FIFO)"
        case .invalidStream(let file, let line, let reason):
            "\(file)\(line.map { ":\($0)" } ?? ""): \(reason)"
        case .notAFolder(let path, let kind):
            "cannot write reports into \(path): it is \(kind), not a folder; give another report folder"
        }
    }
}
