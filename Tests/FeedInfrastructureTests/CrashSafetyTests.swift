import Feed
import FeedInfrastructure
import FeedTestSupport
import Foundation
import TestSupport
import Testing

@testable import FeedStressSave

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process saving feeds is killed with SIGKILL, at random moments and, deterministically, between the save's
/// deletion and its insertion; afterwards the store opens and holds the previous or the new feed, complete, never
/// nothing, a mix or garbage.
@Suite("Crash during save", .hangLimit)
struct CrashSafetyTests {
    /// What a store holds: nothing, or save `index` of `seed`.
    enum Holding: Equatable, CustomStringConvertible {
        case empty
        case save(seed: UInt64, index: Int)

        var description: String {
            switch self {
            case .empty: "nothing"
            case .save(let seed, let index): "save \(index) of seed \(seed)"
            }
        }
    }

    struct Figures: CustomStringConvertible {
        var kills = 0
        /// Kills that came after the process reported at least one completed save.
        var killsAfterASave = 0
        /// Kills after which the store held the save the process had not yet reported.
        var heldUnreportedSave = 0
        /// Kills after which the store held nothing.
        var heldNothing = 0

        var description: String {
            "\(kills) kills, \(killsAfterASave) after at least one completed save, \(heldUnreportedSave) holding the "
                + "save in flight, \(heldNothing) holding nothing, 0 mixed or unreadable"
        }
    }

    @Test(arguments: StoreKind.persistent)
    func `a store killed mid-insert holds the previous or the new feed, complete`(kind: StoreKind) async throws {
        let figures = try await killRepeatedly(kind: kind, mode: .insert, kills: 200, maxDelayMicroseconds: 25_000)

        #expect(figures.kills == 200)
        #expect(figures.killsAfterASave > 0)
        print("crash safety [\(kind), insert]: \(figures)")
    }

    @Test(arguments: StoreKind.persistent)
    func `a store killed mid-save holds the previous feed or the new feed, never nothing`(kind: StoreKind)
        async throws
    {
        let figures = try await killRepeatedly(kind: kind, mode: .save, kills: 50, maxDelayMicroseconds: 60_000)

        #expect(figures.kills == 50)
        #expect(figures.killsAfterASave > 0)
        #expect(figures.heldNothing == 0)
        print("crash safety [\(kind), save]: \(figures)")
    }

    @Test(arguments: StoreKind.persistent)
    func `a save killed between its deletion and its insertion leaves the previous feed`(kind: StoreKind)
        async throws
    {
        let executable = try #require(
            BuiltExecutable.stressSave.url, "feed-stress-save should be built next to the tests")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = kind.location(in: directory.url)
        let common = ["--store", kind.rawValue, "--path", location.path, "--mode", "save"]
        _ = try await BuiltExecutable.stressSave.run(common + ["--seed", "1", "--count", "1"])
        #expect(try await held(by: kind.makeStore(at: location), run: 0) == .save(seed: 1, index: 0))

        let printed = try await runAndKill(
            executable, arguments: common + ["--seed", "2", "--count", "1", "--pause-between", "60"],
            output: directory.url.appendingPathComponent("stress.out"), waitingFor: "paused 2")

        #expect(printed.contains("paused 2"))
        #expect(try await held(by: kind.makeStore(at: location), run: 1) == .save(seed: 1, index: 0))
    }

    @Test(arguments: StoreKind.persistent)
    func `a save that pauses between its deletion and its insertion, then finishes, holds the new feed`(
        kind: StoreKind
    ) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = kind.location(in: directory.url)
        let common = ["--store", kind.rawValue, "--path", location.path, "--mode", "save"]
        _ = try await BuiltExecutable.stressSave.run(common + ["--seed", "1", "--count", "1"])

        let outcome = try await BuiltExecutable.stressSave.run(
            common + ["--seed", "2", "--count", "1", "--pause-between", "0.2"])

        #expect(outcome.status == 0)
        #expect(outcome.output == "started 2\npaused 2\nsaved 2 0\n")
        #expect(try await held(by: kind.makeStore(at: location), run: 1) == .save(seed: 2, index: 0))
    }

    /// Runs `feed-stress-save` `kills` times against one store, killing it after a random delay each time, and
    /// checks after each kill what the store holds.
    private func killRepeatedly(kind: StoreKind, mode: StressMode, kills: Int, maxDelayMicroseconds: UInt32)
        async throws -> Figures
    {
        let executable = try #require(
            BuiltExecutable.stressSave.url, "feed-stress-save should be built next to the tests")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = kind.location(in: directory.url)
        let outputFile = directory.url.appendingPathComponent("stress.out")
        var generator = SeededGenerator(seed: kind == .file ? 1 : 2)
        var holding = Holding.empty
        var figures = Figures()

        for run in 1...kills {
            let seed = UInt64(run)
            let printed = try await runAndKill(
                executable,
                arguments: [
                    "--store", kind.rawValue, "--path", location.path, "--seed", String(seed), "--mode", mode.rawValue,
                ],
                output: outputFile, afterMicroseconds: UInt32.random(in: 0..<maxDelayMicroseconds, using: &generator))
            figures.kills += 1
            let lastSaved = printed.compactMap { line -> Int? in
                let parts = line.split(separator: " ")
                return parts.count == 3 && parts[0] == "saved" && parts[1] == Substring(String(seed))
                    ? Int(parts[2]) : nil
            }.last
            if lastSaved != nil { figures.killsAfterASave += 1 }

            let found = try await held(by: kind.makeStore(at: location), run: run)
            let previous = lastSaved.map { Holding.save(seed: seed, index: $0) } ?? holding
            let inFlight = Holding.save(seed: seed, index: lastSaved.map { $0 + 1 } ?? 0)
            let allowed = [previous, inFlight]
            #expect(
                allowed.contains(found),
                "run \(run): after the kill the store holds \(found); expected one of \(allowed)")
            if found == inFlight { figures.heldUnreportedSave += 1 }
            if found == .empty { figures.heldNothing += 1 }
            holding = found
        }
        return figures
    }

    /// What `store` holds, checking that it is exactly one complete stress feed.
    private func held(by store: any FeedStore, run: Int) async throws -> Holding {
        guard let cache = try await store.retrieve() else { return .empty }
        let parts = cache.feed.first?.id.split(separator: "-") ?? []
        guard parts.count == 4, let seed = UInt64(parts[1]), let index = Int(parts[2]) else {
            Issue.record("run \(run): the store holds an unrecognisable feed: \(cache.feed.prefix(2))")
            return .empty
        }
        let expected = CachedFeed(
            feed: StressFeed.feed(seed: seed, index: index), timestamp: StressFeed.timestamp(seed: seed, index: index))
        #expect(cache == expected, "run \(run): the store holds an incomplete or mixed feed")
        return .save(seed: seed, index: index)
    }

    /// Starts `executable`, waits for a line starting with `marker`, waits `delay` more microseconds, kills it with
    /// SIGKILL, and returns the lines it printed.
    private func runAndKill(
        _ executable: URL, arguments: [String], output: URL, waitingFor marker: String = "started",
        afterMicroseconds delay: UInt32 = 0
    ) async throws -> [String] {
        #expect(FileManager.default.createFile(atPath: output.path, contents: nil))
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        try process.start(output: .handle(handle), errors: .null)
        var waited = 0
        func printedMarker() -> Bool {
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").contains { $0.hasPrefix(marker) }
        }
        while !printedMarker() {
            guard process.isRunning, waited < 20_000 else { break }
            try await Task.sleep(nanoseconds: 500_000)
            waited += 1
        }
        try await Task.sleep(nanoseconds: UInt64(delay) * 1_000)
        kill(process.processIdentifier, SIGKILL)
        await process.exit()
        #expect(process.terminationReason == .uncaughtSignal, "the stress process ended before it was killed")
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }
}
