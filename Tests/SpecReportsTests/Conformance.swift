import Foundation

/// Locates the official conformance data in `../shared/conformance` beside the package root.
enum Conformance {
    /// `<package root>/../shared/conformance`, found from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath)
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
}
