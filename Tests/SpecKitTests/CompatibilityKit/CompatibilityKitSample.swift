import Foundation
import TestSupport

/// One sample of the Cucumber Compatibility Kit in `../shared/conformance/cck/<name>/`: its `.feature` files,
/// the message stream the official implementation wrote (`<name>.ndjson`), and the command-line arguments it
/// ran with (`<name>.arguments.txt`).
struct CompatibilityKitSample: Sendable, CustomStringConvertible {
    /// The folder name, e.g. `minimal`.
    let name: String

    /// `../shared/conformance/cck`, beside the package root.
    static let root: URL = Conformance.root.appendingPathComponent("cck", isDirectory: true)

    /// Whether the samples are there.
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent("minimal/minimal.ndjson").path)
    }

    /// Every sample with a message stream, sorted by name; empty when the folder is absent.
    static var all: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { name in
            FileManager.default.fileExists(atPath: root.appendingPathComponent("\(name)/\(name).ndjson").path)
        }.sorted()
    }

    var folder: URL { Self.root.appendingPathComponent(name, isDirectory: true) }

    var description: String { name }

    /// The `.feature` files, sorted by name (the order the official run read them in).
    func featureFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".feature") || $0.lastPathComponent.hasSuffix(".feature.md") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The sample's envelopes, one JSON value per line.
    func expectedEnvelopes() throws -> [ConformanceValue] {
        let text = try String(contentsOf: folder.appendingPathComponent("\(name).ndjson"), encoding: .utf8)
        return try text.split(separator: "\n").map { try ConformanceValue(parsing: Data($0.utf8)) }
    }

    /// The command-line arguments of the official run, e.g. `["--retry", "2"]`.
    func arguments() throws -> [String] {
        let url = folder.appendingPathComponent("\(name).arguments.txt")
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        return try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isWhitespace).map(String.init)
    }
}
