import Foundation
import Messages
import TestSupport

extension Conformance {
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
        let url = url("cck/\(name)/\(name).ndjson")
        return try NDJSONReader().read(Data(contentsOf: url), file: url.path).envelopes
    }
}
