import Foundation
import Testing

@testable import SpecKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Reading a spec file")
struct SpecFilesReadTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spec-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a file's bytes are read whole, an empty file as no bytes")
    func readsWhole() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = String(repeating: "Feature: a long one\n", count: 10_000)
        for content in ["", "Feature: F\n", text] {
            let url = directory.appendingPathComponent("a.feature")
            try Data(content.utf8).write(to: url)
            let data = try SpecFiles.File(path: url.path, uri: "a.feature").read()
            #expect(data == Data(content.utf8))
        }
    }

    @Test("a file swapped for a FIFO after it was found is an error naming it, not a wait for a writer")
    func swappedForAFIFO() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("a.feature").path
        try #require(mkfifo(path, 0o644) == 0)
        #expect {
            _ = try SpecFiles.File(path: path, uri: "a.feature").read()
        } throws: { error in
            "\(error)".contains(path) && "\(error)".contains("no longer a regular file")
        }
    }
}
