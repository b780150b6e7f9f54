import Foundation
import Gherkin
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A languages file (`--languages FILE`) that is not a regular file is refused saying what it is, without being
/// read (`/dev/zero` never ends) and without waiting for a writer (a FIFO).
@Suite("Languages files that are not regular files")
struct LanguagesFileTests {
    static func reason(_ path: String) -> String? {
        do {
            _ = try GherkinLanguages.load(path: path)
            return nil
        } catch let error as LanguagesFileError {
            #expect(error.path == path)
            return error.reason
        } catch {
            return "\(error)"
        }
    }

    @Test("a character device is named as one, not read")
    func device() {
        #expect(Self.reason("/dev/zero") == "not a regular file but a character device")
    }

    @Test("a folder and a FIFO are named as such; the FIFO is not waited on")
    func folderAndFIFO() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("languages-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Self.reason(folder.path) == "not a regular file but a folder")
        let fifo = folder.appendingPathComponent("languages.json").path
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(Self.reason(fifo) == "not a regular file but a FIFO")
    }

    @Test("a missing file says why; a file larger than the limit is refused unread")
    func missingAndLarge() throws {
        #expect(Self.reason("/nonexistent/languages.json")?.hasPrefix("cannot read the file (") == true)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("languages-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: UInt64(GherkinLanguages.fileSizeLimit + 1))
        try handle.close()
        #expect(Self.reason(file.path) == "larger than 16 MiB")
    }

    @Test("a regular languages file is still read")
    func regular() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("languages-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let keywords = #"["* ", "Given "]"#
        let json = """
            {"xx": {"name": "X", "native": "X", "feature": ["Feature"], "rule": ["Rule"],
              "background": ["Background"], "scenario": ["Scenario"], "scenarioOutline": ["Scenario Outline"],
              "examples": ["Examples"], "given": \(keywords), "when": \(keywords), "then": \(keywords),
              "and": \(keywords), "but": \(keywords)}}
            """
        try Data(json.utf8).write(to: file)
        #expect(try GherkinLanguages.load(path: file.path).dialect(for: "xx")?.name == "X")
    }
}
