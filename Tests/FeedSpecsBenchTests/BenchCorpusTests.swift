import Foundation
import Gherkin
import Messages
import SpecKit
import Testing

@testable import FeedSpecsBench

/// The bench measures what its README rows say only if its corpora are what they claim: the same for a seed, valid
/// Gherkin, and matched by the libraries the rows name (every step defined by the shape's own, none by the other's).
@Suite("The bench's generated corpora and its libraries")
struct BenchCorpusTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bench-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The files the shape's generator writes for `seed`, by name.
    static func corpus(_ shape: CorpusShape, seed: UInt64, in folder: URL) throws -> [String: String] {
        let paths: [String]
        switch shape {
        case .templates:
            var generator = CorpusGenerator()
            generator.features = 4
            generator.scenarios = 5
            generator.seed = seed
            paths = try generator.write(to: folder.path)
        case .realWorld:
            var generator = RealWorldGenerator()
            generator.features = 12
            generator.seed = seed
            paths = try generator.write(to: folder.path)
        }
        var files: [String: String] = [:]
        for path in paths {
            files[(path as NSString).lastPathComponent] = try String(contentsOfFile: path, encoding: .utf8)
        }
        return files
    }

    @Test(
        "a seed writes the same files every time; another seed writes others",
        arguments: [CorpusShape.templates, .realWorld])
    func deterministic(shape: CorpusShape) throws {
        let folders = try (0..<3).map { _ in try Self.folder() }
        defer { for folder in folders { try? FileManager.default.removeItem(at: folder) } }
        let first = try Self.corpus(shape, seed: 7, in: folders[0])
        #expect(!first.isEmpty)
        #expect(try Self.corpus(shape, seed: 7, in: folders[1]) == first)
        #expect(try Self.corpus(shape, seed: 8, in: folders[2]) != first)
    }

    @Test(
        "every generated file is valid Gherkin with at least one scenario",
        arguments: [CorpusShape.templates, .realWorld])
    func parses(shape: CorpusShape) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in try Self.corpus(shape, seed: 42, in: folder) {
            var ids = IncrementingIdGenerator()
            let result = Gherkin.parse(uri: name, text: text, idGenerator: &ids)
            #expect(result.errors.isEmpty, "\(name): \(result.errors)")
            #expect(!result.pickles.isEmpty, "\(name) has no scenario")
        }
    }

    /// Runs the corpus of `corpus` dry with the library of `library`: the step counts by status.
    static func dryRun(_ corpus: CorpusShape, library: CorpusShape) async throws -> StatusCounts {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.corpus(corpus, seed: 42, in: folder)
        var configuration = RunConfiguration()
        configuration.dryRun = true
        let runner = SpecRunner(
            library: try RunBenchmark.library(library), configuration: configuration,
            makeWorld: { _ in BenchWorld() })
        return try await runner.run(paths: [folder.path], sink: MessageCollector()).steps
    }

    @Test(
        "each shape's library defines every step of its corpus, and none of the other's (the undefined-heavy row)",
        arguments: [(CorpusShape.templates, CorpusShape.realWorld), (.realWorld, .templates)])
    func libraries(shape: CorpusShape, other: CorpusShape) async throws {
        let own = try await Self.dryRun(shape, library: shape)
        #expect(own.total > 0)
        #expect(own[.skipped] == own.total, "a dry run skips every defined step: \(own)")
        let foreign = try await Self.dryRun(shape, library: other)
        #expect(foreign[.undefined] > foreign.total * 9 / 10, "nearly every step undefined: \(foreign)")
    }
}
