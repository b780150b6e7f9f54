import Foundation
import Messages
import SpecKit

/// The world of the runner tests: a log of what ran.
actor TestWorld {
    var log: [String] = []
    var number = 0

    func record(_ entry: String) { log.append(entry) }
}

/// Records what every world of a run logged, across scenarios.
final class RunLog: Sendable {
    private let storage = LockedEntries()

    func append(_ entry: String) { storage.append(entry) }
    var entries: [String] { storage.entries }
}

final class LockedEntries: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String] = []

    func append(_ value: String) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }

    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}

/// A temporary folder of `.feature` files, removed by `remove()`.
struct FeatureFolder {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("speckit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
        }
    }

    init(bytes files: [String: [UInt8]]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("speckit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, bytes) in files {
            try Data(bytes).write(to: url.appendingPathComponent(name))
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Runs `features` with `steps`; returns the summary and the stream.
func runFeatures(
    _ features: [String: String], steps: StepLibrary<TestWorld>,
    configure: (inout RunConfiguration) -> Void = { _ in },
    tearDown: (@Sendable (TestWorld) async throws -> Void)? = nil
) async throws -> (summary: RunSummary, envelopes: [Envelope]) {
    let folder = try FeatureFolder(features)
    defer { folder.remove() }
    var configuration = RunConfiguration()
    configuration.uriBase = folder.url.path
    configuration.clock = .stepping(from: Timestamp(seconds: 0, nanos: 0), by: MessageDuration(nanoseconds: 1_000_000))
    configure(&configuration)
    let runner = SpecRunner(
        library: steps, configuration: configuration, makeWorld: { _ in TestWorld() }, tearDown: tearDown)
    let messages = MessageCollector()
    let summary = try await runner.run(paths: [folder.url.path], sink: messages)
    return (summary, messages.envelopes)
}

/// Runs one feature text.
func runFeature(
    _ text: String, steps: StepLibrary<TestWorld>, configure: (inout RunConfiguration) -> Void = { _ in }
) async throws -> (summary: RunSummary, envelopes: [Envelope]) {
    try await runFeatures(["test.feature": text], steps: steps, configure: configure)
}

extension Array where Element == Envelope {
    var typeNames: [String] { map(\.typeName) }

    var stepResults: [TestStepResult] {
        compactMap { envelope in
            if case .testStepFinished(let finished) = envelope { return finished.testStepResult }
            return nil
        }
    }

    var stepStatuses: [TestStepResultStatus] { stepResults.map(\.status) }

    /// The first step result that did not pass and was not skipped.
    var failingResult: TestStepResult? {
        stepResults.first { $0.status != .passed && $0.status != .skipped }
    }

    /// Every suggestion message.
    var suggestions: [Suggestion] {
        compactMap { envelope in
            if case .suggestion(let suggestion) = envelope { return suggestion }
            return nil
        }
    }

    /// The names of the pickles whose test case was attempted more than once, in stream order.
    var retriedPickleNames: [String] {
        var pickleNames: [String: String] = [:]
        var testCasePickles: [String: String] = [:]
        var names: [String] = []
        for envelope in self {
            switch envelope {
            case .pickle(let pickle): pickleNames[pickle.id] = pickle.name
            case .testCase(let testCase): testCasePickles[testCase.id] = testCase.pickleId
            case .testCaseStarted(let started) where started.attempt == 1:
                if let name = testCasePickles[started.testCaseId].flatMap({ pickleNames[$0] }) { names.append(name) }
            default: break
            }
        }
        return names
    }

    var testRunFinished: TestRunFinished? {
        for envelope in self {
            if case .testRunFinished(let finished) = envelope { return finished }
        }
        return nil
    }
}
