import Foundation

/// The Swift package a source file belongs to: the folder above it holding `Package.swift`. The harness finds a
/// package's `Specs/` there, from the `#filePath` of the code that makes the suite or the command, so that
/// `swift test` and `swift run --package-path Shop shop-specs` read the same specs from any working folder.
package enum PackageRoot {
    /// The nearest folder above `filePath` that holds `Package.swift`, or nil (a binary built elsewhere, say).
    package static func above(_ filePath: String) -> URL? {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
