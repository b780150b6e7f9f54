import Foundation

/// Locates the official conformance data in `../shared/conformance` beside the package root.
enum Conformance {
    /// `<package root>/../shared/conformance`, found from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MessagesTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/conformance", isDirectory: true)

    /// Whether the conformance folder exists.
    static var isAvailable: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The paths (relative to `root`) of every NDJSON file under `root`, sorted; empty when absent.
    static var ndjsonFiles: [String] {
        guard isAvailable, let enumerator = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".ndjson") }.sorted()
    }

    /// The contents of the file at `relativePath` under `root`.
    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(relativePath))
    }
}
