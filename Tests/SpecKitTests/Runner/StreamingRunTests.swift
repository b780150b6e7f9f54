import Foundation
import Messages
import SpecKit
import Synchronization
import Testing

/// A whole run reads its files as a stream (emitting each file's messages and forgetting it, then parsing the files
/// again to emit the test cases and to run them); these tests hold it to the messages of a run whose plan is held in
/// memory, id for id.
@Suite struct StreamingRunTests {
    static let features = [
        "a.feature": """
        @cache
        Feature: Cache
          Background:
            Given a step

          Scenario: Expired cache
            When a step with 3 things
          @slow
          Scenario: Old cache
            Given an undefined step
          Scenario Outline: Sizes <n>
            Given a step with <n> things
              | a | b |
              | 1 | 2 |
            Examples:
              | n |
              | 1 |
              | 2 |
        """,
        "b.feature": """
        Feature: Remote
          Rule: Online
            Background:
              Given a step
            Scenario: Loads
              Given a failing step
              And a step
            Scenario: Doc string
              Given a step with a doc string
                ```
                text
                ```
        """,
        "c.feature": """
        Feature: Broken
          Scenario: One
            Given a step
        Feature: Again
        """,
        "e.feature": """
        Feature: Nested
          Scenario: Deep
            Given a step with 4 things
        """,
    ]

    static var steps: StepLibrary<TestWorld> {
        var steps = StepLibrary<TestWorld>()
        steps.given("a step") { _ in }
        steps.given("a step with {int} things") { (_, _: Int) in }
        steps.given("a step with a doc string") { (_, _: DocString) in }
        steps.given("a failing step") { _ in throw StreamingFailure() }
        steps.before { _ in }
        steps.after("@slow") { _ in }
        return steps
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let configure: @Sendable (inout RunConfiguration) -> Void
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "defined order") { _ in },
        Case(name: "reverse order") { $0.order = .reverse },
        Case(name: "a tag expression") { $0.tagExpressions = ["not @slow"] },
        Case(name: "a line filter") { $0.lineFilters = [LineFilter(path: "a.feature", lines: [17])] },
        Case(name: "a shard") { $0.shard = try? Shard(index: 2, count: 3) },
        Case(name: "retries") { $0.retry = 1 },
        Case(name: "fail-fast") { $0.failFast = true },
        Case(name: "a dry run") { $0.dryRun = true },
        Case(name: "UUID ids") { $0.idStyle = .uuid },
    ]

    /// The messages of a run of `folder`, streamed or from a plan loaded first.
    static func messages(
        of folder: FeatureFolder, streamed: Bool, _ configure: (inout RunConfiguration) -> Void
    ) async throws -> (envelopes: [Envelope], summary: RunSummary) {
        var configuration = RunConfiguration()
        configuration.uriBase = folder.url.path
        configuration.clock = .stepping(from: Timestamp(seconds: 0, nanos: 0), by: MessageDuration(nanoseconds: 1000))
        configure(&configuration)
        let runner = SpecRunner(library: steps, configuration: configuration) { _ in TestWorld() }
        let messages = MessageCollector()
        let summary =
            streamed
            ? try await runner.run(paths: [folder.url.path], sink: messages)
            : try await runner.run(runner.plan(paths: [folder.url.path]), sink: messages)
        return (messages.envelopes, summary)
    }

    /// A budget keeping the pickles of a run of at most `kept` bytes, and of the first `ofLargerRuns` bytes of a
    /// larger one.
    static func budget(kept: Int, ofLargerRuns: Int) -> MemoryBudget {
        var budget = MemoryBudget()
        budget.keptSourceBytes = kept
        budget.keptSourceBytesOfLargerRuns = ofLargerRuns
        return budget
    }

    /// The default; nothing kept; a run small enough to keep whole, beyond what a larger run would keep; and a run
    /// that proves larger once its first files were kept (those beyond the larger runs' budget are parsed again).
    static let budgets: [MemoryBudget] = [
        MemoryBudget(), .nothing, budget(kept: 100_000, ofLargerRuns: 100), budget(kept: 600, ofLargerRuns: 300),
    ]

    @Test(arguments: cases, budgets)
    func `a streamed run emits the messages of a run whose plan is held in memory`(
        _ example: Case, budget: MemoryBudget
    ) async throws {
        let folder = try FeatureFolder(Self.features)
        defer { folder.remove() }
        let streamed = try await Self.messages(of: folder, streamed: true) { configuration in
            example.configure(&configuration)
            configuration.memoryBudget = budget
        }
        let held = try await Self.messages(of: folder, streamed: false, example.configure)
        var configuration = RunConfiguration()
        example.configure(&configuration)
        if configuration.idStyle == .uuid {
            // UUIDs differ from run to run: compare the streams with each id replaced by its order of appearance.
            #expect(Self.renumbered(streamed.envelopes) == Self.renumbered(held.envelopes))
        } else {
            #expect(streamed.envelopes == held.envelopes)
        }
        #expect(streamed.envelopes.count > 20)
        #expect(streamed.summary.scenarios == held.summary.scenarios)
        #expect(streamed.summary.parseErrors.count == 1)
        #expect(streamed.summary.success == false)
    }

    /// How a run's messages are read: streamed with the default memory budget, streamed keeping nothing, from a
    /// plan held in memory, or (a runner process told what the command read: `DocumentsRead`) once, as it runs.
    enum Reading: String, CaseIterable, Sendable {
        case streamed, streamedKeepingNothing, held, readOnce
    }

    /// Stands for the runner processes of a command's run: records what the run read of its specs, and runs
    /// nothing.
    final class RecordingRemote: RemoteExecution {
        let plannedRun = Mutex<PlannedRun?>(nil)
        /// Each `testCase` emitted, with where its ids start and where its pickle is.
        let observed = Mutex<[(testCase: TestCase, idStart: Int, origin: PickleOrigin?)]>([])

        func planned(_ run: PlannedRun) { plannedRun.withLock { $0 = run } }
        func runHooks(_ kind: HookKind, count: Int, emit: @escaping @Sendable (Envelope) -> Void) async
            -> (hookId: String, message: String)?
        { nil }
        func execute(until afterAllHooks: Set<String>, emit: @escaping @Sendable (Envelope) -> Void) async {}
        func observe(_ testCase: TestCase, idStart: Int, exclusive: Bool, tags: [String], origin: PickleOrigin?) {
            observed.withLock { $0.append((testCase, idStart, origin)) }
        }
        func observedEveryTestCase() {}
        func finish() async -> RemoteOutcome { RemoteOutcome(failsRun: false) }
    }

    /// What a command's run of `folder`, configured by `configure`, read of its specs.
    static func documentsRead(
        of folder: FeatureFolder, _ configure: (inout RunConfiguration) -> Void
    ) async throws -> DocumentsRead? {
        try await commandRun(of: folder, configure).plannedRun.withLock { $0 }?.documents
    }

    /// What a command's run of `folder`, configured by `configure`, told its runner processes.
    static func commandRun(
        of folder: FeatureFolder, _ configure: (inout RunConfiguration) -> Void
    ) async throws -> RecordingRemote {
        let remote = RecordingRemote()
        _ = try await messages(of: folder, streamed: true) { configuration in
            configure(&configuration)
            configuration.remote = remote
        }
        #expect(remote.plannedRun.withLock { $0 } != nil)
        return remote
    }

    /// Hands a worker the test cases of a list, as the command's pipe does.
    final class ListDispatch: TestCaseDispatch {
        private let left: Mutex<[DispatchedTestCase]>

        init(_ testCases: [DispatchedTestCase]) {
            left = Mutex(testCases)
        }

        func next() -> DispatchedTestCase? {
            left.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        }

        func everyWorkerFinished() async {}
    }

    /// Each test case's messages, by test case id: their kind, step and status, attempt by attempt.
    static func attempts(_ envelopes: [Envelope]) -> [String: [String]] {
        var testCaseIds: [String: String] = [:]
        var attempts: [String: [String]] = [:]
        for envelope in envelopes {
            switch envelope {
            case .testCaseStarted(let started):
                testCaseIds[started.id] = started.testCaseId
                attempts[started.testCaseId, default: []].append("started \(started.attempt)")
            case .testStepStarted(let started):
                attempts[testCaseIds[started.testCaseStartedId] ?? "?", default: []].append(
                    "step \(started.testStepId)")
            case .testStepFinished(let finished):
                attempts[testCaseIds[finished.testCaseStartedId] ?? "?", default: []].append(
                    "step \(finished.testStepId) \(finished.testStepResult.status)")
            case .testCaseFinished(let finished):
                attempts[testCaseIds[finished.testCaseStartedId] ?? "?", default: []].append(
                    "finished \(finished.willBeRetried)")
            default:
                break
            }
        }
        return attempts
    }

    @Test(arguments: cases, Reading.allCases)
    func `a runner process's run, whose command emits the test cases, gives them the ids the command did`(
        _ example: Case, reading: Reading
    ) async throws {
        let folder = try FeatureFolder(Self.features)
        defer { folder.remove() }
        func configure(_ configuration: inout RunConfiguration) {
            example.configure(&configuration)
            // UUIDs from one key: every run draws the same.
            configuration.idKey = IdKey(high: 7, low: 11)
            if reading == .streamedKeepingNothing { configuration.memoryBudget = .nothing }
        }
        let documentsRead = reading == .readOnce ? try await Self.documentsRead(of: folder, configure) : nil
        // Read in the defined order, the command's run says what it read; the others read their specs whole.
        var order = RunConfiguration()
        example.configure(&order)
        #expect((documentsRead != nil) == (reading == .readOnce && order.order == .defined))
        func run(commandEmitsTestCases: Bool) async throws -> [Envelope] {
            try await Self.messages(of: folder, streamed: reading != .held) { configuration in
                configure(&configuration)
                configuration.commandEmitsTestCases = commandEmitsTestCases
                if commandEmitsTestCases { configuration.documentsRead = documentsRead }
            }.envelopes
        }
        let whole = try await run(commandEmitsTestCases: false)
        let runnerProcess = try await run(commandEmitsTestCases: true)
        // The runner process emits no `testCase` (reading once, no document either: the command emitted them, and
        // reports their parse errors); everything else, the ids drawn after the test cases' included (test case
        // started, hooks of the run), is the same, id for id.
        let testCases = whole.filter { $0.typeName == "testCase" }
        #expect(!testCases.isEmpty)
        #expect(runnerProcess.filter { $0.typeName == "testCase" }.isEmpty)
        let notEmitted: Set<String> =
            documentsRead == nil ? ["testCase"] : ["testCase", "source", "gherkinDocument", "pickle", "parseError"]
        #expect(runnerProcess == whole.filter { !notEmitted.contains($0.typeName) })
    }

    @Test func `a runner process reading its specs once fails its run when they changed since the command read them`()
        async throws
    {
        let folder = try FeatureFolder(Self.features)
        defer { folder.remove() }
        let read = try #require(try await Self.documentsRead(of: folder) { _ in })
        // A scenario more in the last file: the first files run, and the pass then says what changed.
        let url = folder.url.appendingPathComponent("e.feature")
        try Data((Self.features["e.feature", default: ""] + "\n  Scenario: New\n    Given a step\n").utf8).write(
            to: url)
        let messages = MessageCollector()
        await #expect {
            _ = try await Self.runnerProcess(of: folder, read: read, sink: messages)
        } throws: { error in
            guard let error = error as? SpecRunError else { return false }
            return error.kind == .unreadable && error.message.contains("changed")
                && error.message.contains("selected \(read.selected) scenarios")
                && error.message.contains("this runner process \(read.selected + 1)")
        }
        // Never a test case the command did not emit.
        #expect(messages.envelopes.filter { $0.typeName == "testCaseStarted" }.count <= read.selected)
    }

    @Test(arguments: [IdStyle.incrementing, .uuid])
    func `a worker process reads only the files of the test cases handed to it, and runs them as the whole run does`(
        idStyle: IdStyle
    ) async throws {
        let folder = try FeatureFolder(Self.features)
        defer { folder.remove() }
        func configure(_ configuration: inout RunConfiguration) {
            configuration.idStyle = idStyle
            configuration.idKey = IdKey(high: 3, low: 5)
            configuration.retry = 1
        }
        let command = try await Self.commandRun(of: folder, configure)
        let read = try #require(command.plannedRun.withLock { $0 }?.documents)
        let observed = command.observed.withLock { $0 }
        let whole = Self.attempts(try await Self.messages(of: folder, streamed: true, configure).envelopes)
        // The test cases of b.feature and e.feature; a.feature, which the worker is not handed, then changes (a
        // worker reading every file would fail its run: the files changed).
        let handed = observed.enumerated().filter { _, observed in
            ["b.feature", "e.feature"].contains { file in
                observed.origin.map { Int($0.file) } == Self.features.keys.sorted().firstIndex(of: file)
            }
        }
        #expect(handed.count == 3)
        try Data("Feature: Changed\n  Scenario: New\n    Given a step\n".utf8)
            .write(to: folder.url.appendingPathComponent("a.feature"))
        var configuration = RunConfiguration()
        configuration.uriBase = folder.url.path
        configure(&configuration)
        configuration.commandEmitsTestCases = true
        configuration.documentsRead = read
        configuration.workerName = "1"
        configuration.dispatch = ListDispatch(
            handed.map { ordinal, observed in
                DispatchedTestCase(
                    ordinal: ordinal, idStart: observed.idStart, skipAll: false, origin: observed.origin)
            })
        let runner = SpecRunner(library: Self.steps, configuration: configuration) { _ in TestWorld() }
        let messages = MessageCollector()
        _ = try await runner.run(paths: [folder.url.path], sink: messages)
        let worker = Self.attempts(messages.envelopes)
        #expect(worker.count == handed.count)
        for (_, observed) in handed {
            #expect(worker[observed.testCase.id] == whole[observed.testCase.id])
            #expect(worker[observed.testCase.id]?.isEmpty == false)
        }
    }

    /// Documents the command could not have read: other ids, positions past any run's, negative counts.
    static let impossibleReads: [(name: String, change: @Sendable (inout DocumentsRead) -> Void)] = [
        ("other ids", { read in (read.firstId, read.endId) = (read.firstId + 1, read.endId + 1) }),
        ("ids ending before they start", { read in read.endId = read.firstId - 1 }),
        ("ids past any run's", { read in read.endId = Int.max }),
        ("a negative count", { read in read.selected = -1 }),
        ("a count past any run's", { read in read.testCaseIdCount = Int.max }),
    ]

    @Test(arguments: impossibleReads.indices)
    func `a runner process told documents the command could not have read refuses to run`(_ index: Int) async throws {
        let folder = try FeatureFolder(Self.features)
        defer { folder.remove() }
        var read = try #require(try await Self.documentsRead(of: folder) { _ in })
        Self.impossibleReads[index].change(&read)
        let messages = MessageCollector()
        await #expect {
            _ = try await Self.runnerProcess(of: folder, read: read, sink: messages)
        } throws: { error in
            (error as? SpecRunError)?.message.contains("a fault of the harness") == true
        }
        #expect(messages.envelopes.filter { $0.typeName == "testCaseStarted" }.isEmpty)
    }

    /// Runs `folder` as a runner process told `read` does.
    static func runnerProcess(of folder: FeatureFolder, read: DocumentsRead, sink: MessageCollector) async throws {
        var configuration = RunConfiguration()
        configuration.uriBase = folder.url.path
        configuration.commandEmitsTestCases = true
        configuration.documentsRead = read
        let runner = SpecRunner(library: steps, configuration: configuration) { _ in TestWorld() }
        _ = try await runner.run(paths: [folder.url.path], sink: sink)
    }

    @Test func `every test case comes after every document and before the first test case started`() async throws {
        let folder = try FeatureFolder(Self.features)
        defer { folder.remove() }
        let names = try await Self.messages(of: folder, streamed: true) { configuration in
            configuration.parallel = 2
            configuration.memoryBudget = .nothing
        }.envelopes.map(\.typeName)
        let lastDocument = try #require(names.lastIndex { ["source", "gherkinDocument", "pickle"].contains($0) })
        let firstTestCase = try #require(names.firstIndex(of: "testCase"))
        let lastTestCase = try #require(names.lastIndex(of: "testCase"))
        let firstStarted = try #require(names.firstIndex(of: "testCaseStarted"))
        #expect(lastDocument < firstTestCase)
        #expect(lastTestCase < firstStarted)
        #expect(names.filter { $0 == "testCaseFinished" }.count == names.filter { $0 == "testCase" }.count)
    }

    @Test func `a file saved while the run goes changes nothing in it`() async throws {
        let folder = try FeatureFolder(Self.features)
        defer { folder.remove() }
        var configuration = RunConfiguration()
        configuration.uriBase = folder.url.path
        configuration.memoryBudget = .nothing
        let runner = SpecRunner(library: Self.steps, configuration: configuration) { _ in TestWorld() }
        let messages = MessageCollector()
        let url = folder.url.appendingPathComponent("a.feature")
        // Once every document is out, a.feature gets other scenarios: the run goes on with what it read.
        let sink = ClosureSink { envelope in
            if case .testRunStarted = envelope {
                try? Data("Feature: Changed\n  Scenario: New\n    Given a new step\n".utf8).write(to: url)
            }
            messages.emit(envelope)
        }
        let summary = try await runner.run(paths: [folder.url.path], sink: sink)
        let envelopes = messages.envelopes
        let pickles = Dictionary(
            envelopes.compactMap { envelope -> (String, Pickle)? in
                if case .pickle(let pickle) = envelope { return (pickle.id, pickle) }
                return nil
            }, uniquingKeysWith: { first, _ in first })
        let testCases = envelopes.compactMap { envelope -> TestCase? in
            if case .testCase(let testCase) = envelope { return testCase }
            return nil
        }
        #expect(testCases.count == pickles.count)
        for testCase in testCases {
            let pickle = try #require(pickles[testCase.pickleId])
            let stepIds = testCase.testSteps.compactMap(\.pickleStepId)
            #expect(stepIds == pickle.steps.map(\.id))
        }
        #expect(summary.scenarios.total == pickles.count)
        #expect(
            !envelopes.contains { envelope in
                if case .pickle(let pickle) = envelope { return pickle.name == "New" }
                return false
            })
    }

    @Test func `a file that cannot be read is said before anything is emitted`() async throws {
        let folder = try FeatureFolder(Self.features)
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("d.feature"), withIntermediateDirectories: false)
        let runner = SpecRunner(library: Self.steps) { _ in TestWorld() }
        let messages = MessageCollector()
        await #expect {
            _ = try await runner.run(paths: [folder.url.path], sink: messages)
        } throws: { error in
            guard let error = error as? SpecRunError else { return false }
            return error.kind == .unreadable && error.message.contains("d.feature")
        }
        #expect(messages.envelopes.isEmpty)
    }

    @Test func `a run whose every scenario fails counts them all`() async throws {
        let rows = (1...1_200).map { "      | \($0) |" }.joined(separator: "\n")
        let feature =
            "Feature: Many\n  Scenario Outline: Row <n>\n    Given an undefined step <n>\n    Examples:\n"
            + "      | n |\n" + rows + "\n"
        let (summary, _) = try await runFeature(feature, steps: Self.steps)
        #expect(summary.scenarios.total == 1_200)
        #expect(summary.scenarios[.undefined] == 1_200)
        #expect(!summary.success)
    }

    @Test(arguments: [IdStyle.incrementing, .uuid])
    func `ids drawn again from a cursor are those drawn the first time`(_ style: IdStyle) {
        let ids = style.makeSource()
        let first = (0..<3).map { _ in ids.next() }
        let (drawn, start) = ids.draw { cursor in (0..<5).map { _ in cursor.next() } }
        let after = ids.next()
        var again = ids.cursor(at: start)
        #expect((0..<5).map { _ in again.next() } == drawn)
        var fromZero = ids.cursor(at: 0)
        #expect((0..<3).map { _ in fromZero.next() } == first)
        #expect(Set(first + drawn + [after]).count == 9)
        #expect(ids.nextPosition == 9)
    }

    @Test func `UUID ids are version 4 UUIDs, unique, and differ from source to source`() {
        let ids = IdSource.uuid()
        let drawn = (0..<20_000).map { _ in ids.next() }
        #expect(Set(drawn).count == drawn.count)
        for id in drawn.prefix(100) {
            let parsed = UUID(uuidString: id)
            #expect(parsed != nil, "\(id) is not a UUID")
            #expect(id == id.lowercased())
            let characters = Array(id)
            #expect(characters[14] == "4", "\(id): version")
            #expect("89ab".contains(characters[19]), "\(id): variant")
        }
        #expect(IdSource.uuid().next() != IdSource.uuid().next())
    }

    @Test func `the snapshot keeps files beyond its budget in a temporary file it already unlinked`() throws {
        let before = Set((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? [])
        let snapshot = SourceSnapshot(memoryBudget: 10)
        let files = (0..<50).map { number in
            Data("Feature: \(number)\n".utf8 + Array(repeating: UInt8(number), count: number * 37))
        }
        let slots = try files.enumerated().map { try snapshot.keep($1, of: "f\($0).feature") }
        guard case .disk = slots[10] else {
            Issue.record("a file beyond the budget is kept in memory")
            return
        }
        for (slot, data) in zip(slots, files) { #expect(try snapshot.bytes(at: slot) == data) }
        let after = Set((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? [])
        #expect(after.subtracting(before).filter { $0.hasPrefix("feed-specs-snapshot") }.isEmpty)
    }
}

struct StreamingFailure: Error {}

extension StreamingRunTests {
    /// `envelopes` as JSON with every id replaced by its order of first appearance.
    static func renumbered(_ envelopes: [Envelope]) -> [String] {
        var numbers: [String: Int] = [:]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let uuid = try? NSRegularExpression(
            pattern: "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")
        return envelopes.map { envelope in
            let json = String(decoding: (try? encoder.encode(envelope)) ?? Data(), as: UTF8.self)
            guard let uuid else { return json }
            var result = ""
            var last = json.startIndex
            for match in uuid.matches(in: json, range: NSRange(json.startIndex..., in: json)) {
                guard let range = Range(match.range, in: json) else { continue }
                let id = String(json[range])
                let number = numbers[id] ?? numbers.count
                numbers[id] = number
                result += json[last..<range.lowerBound] + "#\(number)"
                last = range.upperBound
            }
            return result + json[last...]
        }
    }
}

/// A step's trailing `DataTable` and `DocString` say where they are written (a failure names the cell), whether the
/// run kept the file's pickles between its passes or parsed the file again.
@Suite struct ArgumentPlaceTests {
    static let feature = """
        Feature: Places
          Background:
            Given a table:
              | name | size |
              | a    | 1    |
          Scenario: One
            Given a doc string:
              ```
              text
              ```
          Scenario: Two
            Given a table:
              | name | size |
              | b    | 2    |
        """

    @Test(arguments: [MemoryBudget(), .nothing])
    func `a data table's cells and a doc string carry their lines and columns`(budget: MemoryBudget) async throws {
        let places = Mutex<[String]>([])
        var steps = StepLibrary<TestWorld>()
        steps.given("a table:") { (_, table: DataTable) in
            let cell = table.location(row: 1, column: 1)
            places.withLock { $0.append("table \(table.uri ?? "?"):\(cell?.line ?? 0):\(cell?.column ?? 0)") }
        }
        steps.given("a doc string:") { (_, docString: DocString) in
            let place = docString.location
            places.withLock {
                $0.append("doc string \(docString.uri ?? "?"):\(place?.line ?? 0):\(place?.column ?? 0)")
            }
        }
        let (summary, _) = try await runFeature(Self.feature, steps: steps) { $0.memoryBudget = budget }
        #expect(summary.success)
        #expect(
            places.withLock { $0 } == [
                "table test.feature:5:16", "doc string test.feature:8:7", "table test.feature:5:16",
                "table test.feature:14:16",
            ])
    }
}
