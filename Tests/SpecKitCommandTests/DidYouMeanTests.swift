import Foundation
import Messages
import SpecReports
import Testing

@testable import SpecKit
@testable import SpecKitCommand

actor LendingWorld {}

/// A lending library's steps: parameters of built-in and custom types, a table step, a regular expression.
func lendingLibrary() -> StepLibrary<LendingWorld> {
    var steps = StepLibrary<LendingWorld>()
    steps.define(parameterType: "member", regexp: "[A-Z][a-z]+") { $0[0] }
    steps.define(parameterType: "date", regexp: #"\d{4}-\d{2}-\d{2}"#) { $0[0] }
    steps.given("member {member} borrows {string}") { (_, _: String, _: String) in }
    steps.given("member {member} returns {string}") { (_, _: String, _: String) in }
    steps.given("today is {date}") { (_, _: String) in }
    steps.given("the library has these books:") { (_, _: DataTable) in }
    steps.then(regex: #"^the fine is (\d+) cents? for (\w+)$"#) { (_, _: Int, _: String) in }
    steps.then("{int} book(s) is/are overdue") { (_, _: Int) in }
    return steps
}

/// Typos and near misses every caller is asked about.
let mistypedSteps = [
    "member Ada borows \"111\"", "member Ada returs \"111\"", "today is 2025-3-1", "the libary has these books:",
    "the fine is 20 cants for Ada", "3 boks are overdue", "something else entirely", "",
]

@Suite("One did-you-mean: the runner, the reports, the step catalog and the language server agree")
struct DidYouMeanTests {
    /// What the reports propose, from the message stream's definitions and parameter types.
    private func reported(_ text: String, library compiled: CompiledLibrary<LendingWorld>) -> [String] {
        let query = RunQuery()
        for envelope in compiled.envelopes { query.update(envelope) }
        let step = PickleStep(argument: nil, astNodeIds: ["s"], id: "step-1", type: .context, text: text)
        query.update(
            .pickle(
                Pickle(
                    id: "pickle-1", uri: "lending.feature", name: "n", language: "en", steps: [step], tags: [],
                    astNodeIds: ["a"])))
        return query.closestStepDefinitions(toPickleStep: "step-1")
    }

    /// What the language server proposes for `text` as an undefined step (no spec uses any step), as the Swift
    /// places of the definitions it names.
    private func editorProposes(_ text: String) throws -> [String] {
        var session = LendingSession()
        session.open("file:///tmp/lending.feature", "Feature: Lending\n  Scenario: s\n    Given \(text)\n")
        let message = try session.undefinedStepMessage()
        return message.split(separator: "\n").dropFirst(2).compactMap { line in
            guard let open = line.lastIndex(of: "("), line.hasSuffix(")") else { return nil }
            return String(line[line.index(after: open)..<line.index(before: line.endIndex)])
        }
    }

    @Test("the same definitions, in the same order, from every caller", arguments: mistypedSteps)
    func sameEverywhere(text: String) throws {
        let compiled = CompiledLibrary(lendingLibrary())
        let catalog = StepCatalog(lendingLibrary())
        // The reports work the proposals out from the stream; the catalog (the editor's) from the library.
        let fromCatalog = catalog.closest(to: text).map { catalog.definitions[$0].description }
        let reports = reported(text, library: compiled)
        #expect(fromCatalog == reports)
        let places = reports.map { String($0[$0.index(after: $0.lastIndex(of: "(")!)...].dropLast()) }
        #expect(try editorProposes(text) == places)
    }

    @Test("a typo in the fixed words of a step with parameters is proposed, by every caller")
    func typoBesideValues() throws {
        let compiled = CompiledLibrary(lendingLibrary())
        #expect(
            reported("member Ada borows \"111\"", library: compiled).first?.hasPrefix("\"member {member} borrows")
                == true)
        #expect(reported("today is 2025-3-1", library: compiled).first?.hasPrefix("\"today is {date}\"") == true)
        #expect(
            reported("the libary has these books:", library: compiled).first?.hasPrefix("\"the library has") == true)
    }

    @Test("the editor's quick fix rewrites the step with the typed values kept")
    func editorRewrite() throws {
        var session = LendingSession()
        session.open(
            "file:///tmp/lending.feature", "Feature: Lending\n  Scenario: s\n    Given member Ada borows \"111\"\n")
        let message = try session.undefinedStepMessage()
        #expect(message.contains("\"member Ada borrows \"111\"\""))
    }
}

/// A language server over the lending library with no specs on disk.
private struct LendingSession {
    var session = ServerSession()

    init() { session.initialize() }

    mutating func open(_ uri: String, _ text: String) { session.open(uri, text) }

    func undefinedStepMessage() throws -> String {
        let (_, output) = try session.run(catalog: StepCatalog(lendingLibrary()))
        let found = diagnostics(output)
        let undefined = try #require(found.first { $0["code"] as? String == "undefined-step" })
        return try #require(undefined["message"] as? String)
    }
}
