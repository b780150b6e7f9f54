import Foundation
import Testing

@testable import SpecKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `SpecPaths.find`: what a run reads, and what it refuses before the run starts, naming the file.
@Suite("Finding spec files")
struct SpecPathsFindTests {
    /// A folder holding `a.feature` and `notes.txt`, removed when the test ends.
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spec-paths-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data("Feature: A\n".utf8).write(to: url.appendingPathComponent("a.feature"))
        try Data("not a spec".utf8).write(to: url.appendingPathComponent("notes.txt"))
        return url
    }

    @Test("regular files and links to them are found, sorted; other names are not")
    func findsSpecs() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try Data("Feature: B\n".utf8).write(to: folder.appendingPathComponent("sub/b.feature"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("c.feature").path,
            withDestinationPath: folder.appendingPathComponent("a.feature").path)
        let found = try SpecPaths.find([folder.path])
        let base = SpecPaths.absolute(folder.path)
        #expect(found == ["\(base)/a.feature", "\(base)/c.feature", "\(base)/sub/b.feature"])
    }

    @Test(
        "an entry named like a spec that is no readable file is refused before the run, naming it",
        arguments: ["fifo", "loop"])
    func refusesWhatCannotBeRead(_ kind: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("z.feature").path
        switch kind {
        case "fifo": try #require(mkfifo(path, 0o644) == 0)
        default: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: path)
        }
        #expect {
            _ = try SpecPaths.find([folder.path])
        } throws: { error in
            guard let error = error as? SpecRunError, error.kind == .unreadable else { return false }
            let said = kind == "fifo" ? "is a FIFO" : "leads back to itself"
            return error.message.contains("z.feature") && error.message.contains(said)
        }
    }

    @Test(
        "a regular file without read permission is refused before the run, naming it",
        .enabled(if: geteuid() != 0, "root may read any file: the check cannot fail for root"))
    func refusesUnreadableFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.feature").path
        try #require(chmod(path, 0) == 0)
        #expect {
            _ = try SpecPaths.find([folder.path])
        } throws: { error in
            guard let error = error as? SpecRunError else { return false }
            return error.message.contains("a.feature") && error.message.contains("cannot be read")
        }
    }
}
