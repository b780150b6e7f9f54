import Foundation
import TestSupport
import Testing

/// Collects what a child writes to a pipe, on a thread of its own, and waits for a text to appear.
private final class OutputCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                lock.lock()
                data.append(chunk)
                lock.unlock()
            }
        }.start()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }

    /// Waits until the output contains `needle` `count` times, or `seconds` pass (a hang guard, not a timing
    /// assertion); returns whether it did. It looks on a thread of its own, so a busy cooperative pool neither
    /// delays the looks nor makes the deadline pass unseen, and it looks once more at the deadline.
    func wait(for needle: String, count: Int = 1, seconds: Double = 120) async -> Bool {
        await offThePool { [self] in
            let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
            while ContinuousClock.now < deadline {
                if contains(needle, count) { return true }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return contains(needle, count)
        }
    }

    private func contains(_ needle: String, _ count: Int) -> Bool {
        text.components(separatedBy: needle).count - 1 >= count
    }
}

@Suite(
    "feed-specs --watch",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct WatchTests {
    @Test("reruns the scenarios of a saved file, shows a new step's snippet, ignores a same-text save, stops on Ctrl-C")
    func watchReruns() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("Watched")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("shaking.feature")
        let first = """
            Feature: Shaking
              Scenario: Opening the feed online
                Given the customer has connectivity
                And the server offers the feed "four-images.json"
                When the customer opens the feed
                Then the app shows 4 images

            """
        try first.write(to: file, atomically: true, encoding: .utf8)
        try "Feature: Other\n  Scenario: o\n    Given the customer has connectivity\n".write(
            to: folder.appendingPathComponent("other.feature"), atomically: true, encoding: .utf8)

        let executable = try #require(FeedSpecsCommand.url)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["Watched", "--watch", "--format", "summary"]
        process.currentDirectoryURL = directory
        let output = try process.start(errors: .null).output!
        let collector = OutputCollector(output.fileHandleForReading)
        defer { if process.isRunning { process.terminate() } }

        #expect(await collector.wait(for: "Watching"), "\(collector.text)")
        #expect(collector.text.contains("2 scenarios (2 passed)"))

        // An editor's save: a new scenario with a step nobody has defined.
        let second =
            first + """

                  Scenario: Shaking the phone refreshes the feed
                    Given the customer has connectivity
                    When the customer shakes the phone 3 times

                """
        try second.write(to: file, atomically: true, encoding: .utf8)
        #expect(await collector.wait(for: "Watching", count: 2), "\(collector.text)")
        let rerun = collector.text.components(separatedBy: "Watching").dropFirst().first ?? ""
        #expect(rerun.contains("Watched/shaking.feature changed"))
        #expect(rerun.contains("2 scenarios (1 undefined, 1 passed)"), "only the saved file's scenarios: \(rerun)")
        #expect(rerun.contains(#"steps.when("the customer shakes the phone {int} times")"#))

        // Saving the same text again runs nothing; the next real change does.
        try second.write(to: file, atomically: false, encoding: .utf8)
        try "Feature: Other\n  Scenario: o\n    Given the customer loses connectivity\n".write(
            to: folder.appendingPathComponent("other.feature"), atomically: true, encoding: .utf8)
        #expect(await collector.wait(for: "Watching", count: 3), "\(collector.text)")
        let third = collector.text.components(separatedBy: "Watching")[2]
        #expect(third.contains("Watched/other.feature changed"), "\(third)")
        #expect(!third.contains("shaking.feature"), "a save of the same text is no change: \(third)")

        process.interrupt()
        #expect(await process.waitUntilExit(orKillAfter: 20), "Ctrl-C did not stop watch mode within 20 s")
        #expect(process.terminationStatus == 130)
        #expect(await collector.wait(for: "Stopped watching.", seconds: 10))
    }
}

/// `feed-specs --watch` on a folder, with its output collected.
private final class WatchSession: Sendable {
    let process = Process()
    let collector: OutputCollector

    init(_ arguments: [String], in directory: URL) throws {
        process.executableURL = FeedSpecsCommand.url
        process.arguments = arguments + ["--watch", "--format", "summary"]
        process.currentDirectoryURL = directory
        let output = try process.start(errors: .null).output!
        collector = OutputCollector(output.fileHandleForReading)
    }

    /// Waits for the next `Watching` line after `count - 1` of them (60 s at most: a hang guard, for a machine busy
    /// with every other test).
    func waitForWatching(_ count: Int) async -> Bool {
        await collector.wait(for: "Watching", count: count, seconds: 60)
    }

    /// A test that ended before `stop()` (a thrown error) leaves no watch mode behind.
    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Stops watch mode with Ctrl-C; a watch mode still running 20 s later is killed, and the test fails.
    func stop() async {
        guard process.isRunning else { return }
        process.interrupt()
        if !(await process.waitUntilExit(orKillAfter: 20)) {
            Issue.record("Ctrl-C did not stop watch mode within 20 s: \(collector.text)")
        }
    }
}

@Suite(
    "feed-specs --watch sees every real change",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct WatchChangeTests {
    static let spec = """
        Feature: Saved
          Scenario: Saved a while ago
            Given the customer has connectivity
            # saved 3 days ago, a comment far past the first eighty bytes of the file, which a short hash reads

        """

    /// A workspace with `text` saved as `Watched/NAME`: the folder the watch tests watch, and the file.
    static func watchedWorkspace(_ name: String = "saved.feature", text: String = spec) throws -> (
        directory: URL, file: URL
    ) {
        let directory = try FeedSpecsCommand.workspace()
        let folder = directory.appendingPathComponent("Watched")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (directory, file)
    }

    @Test("an edit of the same size past the first 80 bytes (saved 3 → 9 days ago) reruns the file")
    func sameSizeEditPastTheStart() async throws {
        let (directory, file) = try Self.watchedWorkspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = try WatchSession(["Watched"], in: directory)
        #expect(await session.waitForWatching(1), "\(session.collector.text)")

        let edited = Self.spec.replacingOccurrences(of: "saved 3 days ago", with: "saved 9 days ago")
        #expect(edited.utf8.count == Self.spec.utf8.count)
        try edited.write(to: file, atomically: false, encoding: .utf8)
        #expect(await session.waitForWatching(2), "the edit was not seen: \(session.collector.text)")
        #expect(session.collector.text.contains("Watched/saved.feature changed"))
        await session.stop()
    }

    @Test(
        "a watched folder removed and made again (a branch switch) is still watched",
        arguments: ["Watched/sub", "Watched"])
    func folderMadeAgain(removed: String) async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sub = directory.appendingPathComponent("Watched/sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try Self.spec.write(to: sub.appendingPathComponent("saved.feature"), atomically: true, encoding: .utf8)
        let session = try WatchSession(["Watched"], in: directory)
        #expect(await session.waitForWatching(1), "\(session.collector.text)")

        try FileManager.default.removeItem(at: directory.appendingPathComponent(removed))
        #expect(await session.waitForWatching(2), "the removal was said: \(session.collector.text)")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        // Time for the watcher to look again before the file comes, as after a checkout that makes the folders
        // first.
        try await Task.sleep(for: .milliseconds(500))
        try Self.spec.write(to: sub.appendingPathComponent("back.feature"), atomically: false, encoding: .utf8)
        #expect(await session.waitForWatching(3), "the new file was not seen: \(session.collector.text)")
        #expect(session.collector.text.contains("Watched/sub/back.feature changed"))
        try (Self.spec + "\n").write(to: sub.appendingPathComponent("back.feature"), atomically: false, encoding: .utf8)
        #expect(await session.waitForWatching(4), "a later save was not seen: \(session.collector.text)")
        await session.stop()
    }
}

@Suite(
    "feed-specs --watch on a closed console",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct WatchClosedConsoleTests {
    @Test("watch mode stops with exit status 141 once its console is closed, rather than run unseen for ever")
    func stopsWhenTheConsoleCloses() async throws {
        let (directory, file) = try WatchChangeTests.watchedWorkspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The console is a pipe to `sed`, which quits after the "Watching" line (as a user quits `less`); the
        // shell made that pipe, so no other process of the tests holds it open. The status is said on stderr.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", #"("$0" "$@"; echo "status $?" >&2) | sed '/Watching/q'"#, try #require(FeedSpecsCommand.url).path,
            "Watched", "--watch", "--format", "summary",
        ]
        process.currentDirectoryURL = directory
        let pipes = try process.start()
        defer { if process.isRunning { process.terminate() } }
        let shown = OutputCollector(pipes.output!.fileHandleForReading)
        let collector = OutputCollector(pipes.errors!.fileHandleForReading)
        #expect(await shown.wait(for: "Watching", seconds: 60), "\(shown.text)")
        // `sed` has quit: the next thing watch mode writes finds the console gone.
        try await Task.sleep(for: .milliseconds(200))
        try (WatchChangeTests.spec + "\n").write(to: file, atomically: false, encoding: .utf8)
        #expect(await collector.wait(for: "status ", seconds: 20), "watch mode went on: \(collector.text)")
        #expect(collector.text.contains("status 141"), "\(collector.text)")
        #expect(collector.text.contains("stopped watching"), "\(collector.text)")
    }

    #if os(Linux)
        @Test(
            "SIGTERM stops watch mode with exit status 130 even when its console pipe is full and unread",
            .hangLimit)
        func stopsWithAFullConsole() async throws {
            // The reader of the console stopped (a pager the user suspended) and the pipe is full.
            let directory = try WatchChangeTests.watchedWorkspace().directory
            defer { try? FileManager.default.removeItem(at: directory) }
            let process = Process()
            process.executableURL = FeedSpecsCommand.url
            process.arguments = ["Watched", "--watch", "--format", "summary"]
            process.currentDirectoryURL = directory
            let output = try process.start(errors: .null).output!
            let pid = process.processIdentifier
            defer { if process.isRunning { kill(pid, SIGKILL) } }
            // Read up to the "Watching" line, then read no more, as a reader that was stopped.
            var shown = Data()
            while !String(decoding: shown, as: UTF8.self).contains("Watching") {
                let chunk = output.fileHandleForReading.availableData
                try #require(!chunk.isEmpty, "watch mode ended early: \(String(decoding: shown, as: UTF8.self))")
                shown.append(chunk)
            }
            // Fill the console pipe through the process's own descriptor until it takes no more.
            let filler = open("/proc/\(pid)/fd/1", O_WRONLY | O_NONBLOCK)
            try #require(filler >= 0, "cannot open /proc/\(pid)/fd/1")
            defer { close(filler) }
            let block = [UInt8](repeating: 0x2E, count: 4096)
            var filled = 0
            while true {
                let written = block.withUnsafeBytes { write(filler, $0.baseAddress, $0.count) }
                if written <= 0 { break }
                filled += written
            }
            try #require(errno == EAGAIN && filled > 0, "the pipe was not filled (errno \(errno))")

            kill(pid, SIGTERM)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
            #expect(!process.isRunning, "watch mode did not stop: its goodbye waits on the full pipe")
            if !process.isRunning { #expect(process.terminationStatus == 130) }
        }
    #endif
}

@Suite(
    "feed-specs on Markdown specs",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct MarkdownSpecTests {
    @Test("a .feature.md next to the .feature files runs with the others; the HTML report shows its prose in place")
    func markdownSpec() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = """
            # Feature: Offline, written as a document

            Why offline matters: the product owner's own words.

            ## Scenario: The saved feed is shown offline

            * Given the customer doesn't have connectivity
            * And the cache holds 3 images saved 1 day ago
            * When the customer opens the feed
            * Then the app shows 3 images

            Notes after the scenario stay in the document.

            """
        try text.write(
            to: directory.appendingPathComponent("Specs/offline-notes.feature.md"), atomically: true, encoding: .utf8)

        let alone = try await FeedSpecsCommand.run(
            ["Specs/offline-notes.feature.md", "--format", "summary", "--format", "html:out/report.html"],
            in: directory)
        #expect(alone.status == 0, "\(alone.output)\(alone.errors)")
        #expect(alone.output.contains("1 scenario (1 passed)"))
        let html = try String(contentsOf: directory.appendingPathComponent("out/report.html"), encoding: .utf8)
        let why = try #require(html.range(of: "Why offline matters: the product owner&#39;s own words."))
        let scenario = try #require(html.range(of: "The saved feed is shown offline"))
        let notes = try #require(html.range(of: "Notes after the scenario stay in the document."))
        #expect(why.lowerBound < scenario.lowerBound && scenario.lowerBound < notes.lowerBound)

        let folder = try await FeedSpecsCommand.run(
            ["Specs", "--dry-run", "--format", "message:out/messages.ndjson"], in: directory)
        #expect(folder.status == 0, "\(folder.output)\(folder.errors)")
        let messages = try String(contentsOf: directory.appendingPathComponent("out/messages.ndjson"), encoding: .utf8)
        #expect(messages.contains(#""uri":"Specs/offline-notes.feature.md""#))
        #expect(messages.contains(#""mediaType":"text/x.cucumber.gherkin+markdown""#))
        #expect(messages.contains(#""uri":"Specs/offline_feed.feature""#), "the .feature files run as well")
    }
}

@Suite(
    "feed-specs in other Gherkin languages",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct LanguageSpecTests {
    static let japanese = """
        # language: ja
        機能: オフラインのフィード
          シナリオ: 保存済みのフィードが表示される
            前提 the customer doesn't have connectivity
            かつ the cache holds 3 images saved 1 day ago
            もし the customer opens the feed
            ならば the app shows 3 images
            ならば 顧客は満足している

        """

    static let dutch = """
        # language: nl
        Functionaliteit: Offline feed
          Scenario: De opgeslagen feed wordt getoond
            Gegeven the customer doesn't have connectivity
            En the cache holds 3 images saved 1 day ago
            Als the customer opens the feed
            Dan the app shows 3 images

        """

    @Test("Dutch and Japanese specs run with no option: the built-in languages know their keywords")
    func dutchAndJapanese() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.japanese.write(
            to: directory.appendingPathComponent("Specs/offline.ja.feature"), atomically: true, encoding: .utf8)
        try Self.dutch.write(
            to: directory.appendingPathComponent("Specs/offline.nl.feature"), atomically: true, encoding: .utf8)
        let outcome = try await FeedSpecsCommand.run(
            ["Specs/offline.ja.feature", "Specs/offline.nl.feature", "--format", "summary"], in: directory)
        #expect(outcome.status == 1, "strict: the Japanese undefined step fails the run")
        #expect(outcome.output.contains("2 scenarios (1 undefined, 1 passed)"), "\(outcome.output)\(outcome.errors)")
        #expect(outcome.output.contains("9 steps (1 undefined, 8 passed)"), "\(outcome.output)")
        #expect(outcome.output.contains(#"steps.then("顧客は満足している")"#), "\(outcome.output)")
        #expect(!outcome.output.contains("Parse error") && !outcome.errors.contains("Parse error"))
    }

    @Test("--i18n-languages lists every built-in language as cucumber-js does")
    func languagesTable() async throws {
        let outcome = try await FeedSpecsCommand.run(["--i18n-languages"], in: FeedSpecsCommand.packageRoot)
        #expect(outcome.status == 0, "\(outcome.errors)")
        let lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "ISO 639-1 | ENGLISH NAME        | NATIVE NAME")
        #expect(lines.count == 82, "a header, 80 languages and the final newline")
        #expect(outcome.output.contains("\nja        | Japanese            | 日本語"))
        #expect(outcome.output.contains("\nnl        | Dutch               | Nederlands"))
    }

    @Test("--i18n-keywords LANG shows a language's keywords as cucumber-js does; an unknown code is an error")
    func keywordsTable() async throws {
        let outcome = try await FeedSpecsCommand.run(["--i18n-keywords", "ja"], in: FeedSpecsCommand.packageRoot)
        #expect(outcome.status == 0, "\(outcome.errors)")
        let expected = """
            ENGLISH KEYWORD  | NATIVE KEYWORDS
            Feature          | "フィーチャ", "機能"
            Rule             | "ルール"
            Background       | "背景"
            Scenario         | "シナリオ"
            Scenario Outline | "シナリオアウトライン", "シナリオテンプレート", "テンプレ", "シナリオテンプレ"
            Examples         | "例", "サンプル"
            Given            | "* ", "前提"
            When             | "* ", "もし"
            Then             | "* ", "ならば"
            And              | "* ", "且つ", "かつ"
            But              | "* ", "然し", "しかし", "但し", "ただし"
            """
        #expect(outcome.output == expected + "\n")

        let unknown = try await FeedSpecsCommand.run(["--i18n-keywords", "XX"], in: FeedSpecsCommand.packageRoot)
        #expect(unknown.status == 2)
        #expect(unknown.errors.contains("Unsupported ISO 639-1: XX"), "\(unknown.errors)")
    }
}

@Suite(
    "feed-specs failure listings",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct FailureListingTests {
    @Test("the command's tearDown is listed at the line that gives it (feed_specs/main.swift), not in the harness")
    func tearDownPlace() async throws {
        let directory = try FeedSpecsCommand.workspace()
        defer { try? FileManager.default.removeItem(at: directory) }
        let failing = """
            Feature: Failing
              Scenario: Too many images expected
                Given the customer doesn't have connectivity
                And the cache holds 3 images saved 1 day ago
                When the customer opens the feed
                Then the app shows 99 images

            """
        try failing.write(
            to: directory.appendingPathComponent("Specs/failing.feature"), atomically: true, encoding: .utf8)
        let outcome = try await FeedSpecsCommand.run(["Specs/failing.feature", "--format", "summary"], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.output.contains("After # feed_specs/main.swift:7"), "\(outcome.output)")
        #expect(!outcome.output.contains("SpecKitCommand/"), "\(outcome.output)")
    }
}
