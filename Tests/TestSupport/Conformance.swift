import Foundation
import Testing

/// The official Cucumber conformance data in `../shared/conformance`, beside the package root (this project's CI
/// has it; a user's clone does not, and the tests that read it are then skipped with `Conformance.skipReason`).
package enum Conformance {
    /// `<package root>/../shared/conformance`, found from this file's path.
    package static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/conformance", isDirectory: true)

    /// Why the conformance tests are skipped when the folder is absent.
    package static let skipReason: Comment = "needs ../shared/conformance beside the package"

    /// Whether the conformance folder is there.
    package static var isAvailable: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The URL of `relativePath` under the conformance folder.
    package static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The contents of `relativePath` under the conformance folder.
    package static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    /// Decodes a conformance file of test cases (snake_case keys); an empty array when the folder is absent.
    package static func load<Case: Decodable>(_ relativePath: String, as type: [Case].Type) -> [Case] {
        guard let data = try? data(relativePath) else { return [] }
        do {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return try decoder.decode(type, from: data)
        } catch {
            fatalError("\(relativePath) does not decode: \(error)")
        }
    }

    /// The names of the sub-folders of `relativePath`, sorted; empty when absent.
    package static func folders(_ relativePath: String) -> [String] {
        let folder = url(relativePath)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory) && isDirectory.boolValue
        }.sorted()
    }

    /// The paths, relative to `relativePath`, of the files under it whose names end in `suffix`, sorted; empty when
    /// absent.
    package static func files(under relativePath: String = "", endingIn suffix: String) -> [String] {
        guard isAvailable, let enumerator = FileManager.default.enumerator(atPath: url(relativePath).path) else {
            return []
        }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.sorted()
    }
}
