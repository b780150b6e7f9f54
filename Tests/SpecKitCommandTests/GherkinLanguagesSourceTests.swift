import Foundation
import SpecKit
import Testing

@testable import SpecKitCommand

/// Every subcommand reads `GHERKIN_LANGUAGES` from the environment it is given (a command called as a library, a
/// test), not from its process's.
@Suite struct GherkinLanguagesSourceTests {
    @Test func `gherkin reads GHERKIN_LANGUAGES from the environment it is given`() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("languages-source-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = folder.appendingPathComponent("a.feature")
        try Data("Feature: f\n".utf8).write(to: spec)
        let command = SpecCommand(
            name: "specs", specs: folder.path, library: StepLibrary<CartWorld>(), variant: .single,
            makeWorld: { _, _ in CartWorld() })
        let missing = folder.appendingPathComponent("missing.json").path
        #expect(await command.run(["gherkin", "--no-source", "--no-ast", spec.path], environment: [:]) == 0)
        let status = await command.run(
            ["gherkin", "--no-source", "--no-ast", spec.path], environment: ["GHERKIN_LANGUAGES": missing])
        #expect(status == 2, "a languages file that cannot be read is an error, as under the process's environment")
    }
}
