import Foundation
import Messages

/// Locates the official conformance data in `../shared/conformance` beside the package root.
enum Conformance {
    /// `<package root>/../shared/conformance`, found from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // SpecReportsTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/conformance", isDirectory: true)

    /// Whether the conformance folder exists.
    static var isAvailable: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The names of the CCK samples (`cck/<name>/<name>.ndjson`), sorted; empty when the data is absent.
    static let cckSamples: [String] = {
        let folder = root.appendingPathComponent("cck")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { name in
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name)/\(name).ndjson").path)
        }.sorted()
    }()

    /// The envelopes of the CCK sample `name`.
    static func envelopes(_ name: String) throws -> [Envelope] {
        let url = root.appendingPathComponent("cck/\(name)/\(name).ndjson")
        return try NDJSONReader().read(Data(contentsOf: url), file: url.path).envelopes
    }

    /// The contents of `relativePath` under the conformance folder.
    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(relativePath))
    }
}
