import FeedInfrastructure
import Foundation
import Synchronization
import Testing

@testable import FeedStressSave

/// The crash-safety tests' helper reads its options, and refuses a mistake in one line naming the argument.
@Suite("feed-stress-save: options")
struct StressSaveOptionsTests {
    @Test func `stress-save reads its options`() throws {
        let options = try StressSaveOptions.parse([
            "--store", "file", "--path", "/tmp/x.json", "--seed", "7", "--mode", "save", "--count", "3",
            "--pause-between", "0.5",
        ])

        #expect(
            options
                == StressSaveOptions(
                    store: .file, path: "/tmp/x.json", seed: 7, mode: .save, count: 3, pauseBetween: 0.5))
    }

    @Test func `stress-save saves straight into the store until killed by default`() throws {
        let options = try StressSaveOptions.parse(["--store", "sqlite", "--path", "/tmp/x.sqlite", "--seed", "1"])

        #expect(options == StressSaveOptions(store: .sqlite, path: "/tmp/x.sqlite", seed: 1, mode: .insert))
    }

    static let mistakes: [([String], String)] = [
        (
            ["--store", "memory", "--path", "/tmp/x", "--seed", "1"],
            "feed-stress-save needs --store file or --store sqlite"
        ),
        (["--store", "file", "--seed", "1"], "feed-stress-save needs --path"),
        (["--store", "file", "--path", "/tmp/x", "--seed", "-1"], "feed-stress-save needs --seed N (a whole number)"),
        (
            ["--store", "file", "--path", "/tmp/x", "--seed", "1", "--mode", "copy"],
            "--mode 'copy' is not one of insert, save"
        ),
        (
            ["--store", "file", "--path", "/tmp/x", "--seed", "1", "--count", "-2"],
            "--count '-2' is not a whole number, 0 or more"
        ),
        (
            ["--store", "file", "--path", "/tmp/x", "--seed", "1", "--pause-between", "1"],
            "--pause-between needs --mode save and a number of seconds"
        ),
        (
            ["--store", "file", "--path", "/tmp/x", "--seed", "1", "--verbose", "1"],
            "unknown option '--verbose'"
        ),
        (["--store", "file", "--store", "sqlite"], "--store is given more than once"),
        (["--store", "file", "--path"], "--path needs a value"),
        (["stress-save", "--store", "file"], "unexpected argument 'stress-save'"),
    ]

    @Test(arguments: mistakes)
    func `a mistake is reported in one line naming the argument`(arguments: [String], message: String) {
        #expect(throws: StressSaveOptions.UsageError(message: message)) {
            try StressSaveOptions.parse(arguments)
        }
    }

    @Test func `a saver whose starting process is gone stops instead of saving for ever`() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stress-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let options = StressSaveOptions(
            store: .memory, path: directory.appendingPathComponent("feed").path, seed: 1, mode: .insert, count: nil,
            pauseBetween: nil)
        let checks = Mutex(0)
        let errors = Mutex<[String]>([])
        let saver = StressSave(
            options: options, output: { _ in }, errorOutput: { line in errors.withLock { $0.append(line) } },
            isOrphaned: {
                checks.withLock { count in
                    count += 1; return count > 3
                }
            })

        let status = await saver.run()

        #expect(status == 1)
        #expect(
            errors.withLock { $0 } == ["feed-stress-save: the process that started it is gone: it stops after 3 saves"])
    }
}
