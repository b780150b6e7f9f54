import Foundation
import Synchronization

@testable import CucumberExpressions
@testable import SpecKit

/// The state one scenario of a Compatibility Kit sample works on.
actor CCKWorld {
    var cucumbers = 0
    var friends = 0
    var cents = 0
    var chocolateBars = 0
    var saleHappened = false
    var transposed: DataTable?
}

/// The errors the samples' TypeScript step definitions throw, named as there so that the `exception.type` of a
/// failed step can be compared with the sample's.
enum JavaScript {
    /// `new Error(message)`.
    struct Error: Swift.Error, CustomStringConvertible {
        let message: String
        init(_ message: String) { self.message = message }
        var description: String { message }
    }

    /// What Node's `assert.strictEqual(actual, expected)` throws, with its message.
    struct AssertionError: Swift.Error, CustomStringConvertible {
        let actual: Int
        let expected: Int
        var description: String { "Expected values to be strictly equal:\n\n\(actual) !== \(expected)\n" }
    }

    /// `assert.strictEqual` for integers.
    static func strictEqual(_ actual: Int, _ expected: Int) throws {
        if actual != expected { throw AssertionError(actual: actual, expected: expected) }
    }
}

/// Counts calls across the attempts of a retried scenario (worlds are fresh for each attempt).
final class CallCounter: Sendable {
    private let calls = Mutex(0)

    /// Counts one more call and returns how many there were, this one included.
    func next() -> Int {
        calls.withLock { calls in
            calls += 1
            return calls
        }
    }
}

/// The Swift step definitions of each Compatibility Kit sample: the patterns, parameter types and hooks of the
/// sample's `stepDefinition`, `parameterType` and `hook` envelopes, in their order, behaving as the sample's
/// results show.
enum CompatibilityKitSteps {
    /// The library for `sample`, whose files are in `folder`; nil for a sample without Swift definitions.
    static func library(for sample: String, folder: URL) throws -> StepLibrary<CCKWorld>? {
        switch sample {
        case "minimal": minimal()
        case "markdown": markdown()
        case "cdata": cdata()
        case "backgrounds", "rules-backgrounds": orders(withActionAndOutcome: true)
        case "multiple-features", "multiple-features-reversed": orders(withActionAndOutcome: false)
        case "data-tables": dataTables()
        case "doc-strings": docStrings()
        case "examples-tables": examplesTables()
        case "examples-tables-undefined", "examples-tables-undefined-multiple": examplesTablesUndefined()
        case "rules": rules()
        case "undefined", "undefined-multiple": undefined()
        case "pending": pending()
        case "pending-exception": pendingException()
        case "skipped": skipped()
        case "skipped-exception": skippedException()
        case "ambiguous": ambiguous()
        case "all-statuses": allStatuses()
        case "failedish-combinations": failedishCombinations()
        case "hooks": hooks()
        case "hooks-conditional": hooksConditional()
        case "hooks-named": hooksNamed()
        case "hooks-skipped": hooksSkipped()
        case "hooks-undefined": hooksUndefined()
        case "skipped-failing-hook": skippedFailingHook()
        case "global-hooks": globalHooks()
        case "global-hooks-beforeall-error": globalHooksBeforeAllError()
        case "global-hooks-afterall-error": globalHooksAfterAllError()
        case "global-hooks-attachments": globalHooksAttachments()
        case "parameter-types": try parameterTypes()
        case "unknown-parameter-type": unknownParameterType()
        case "regular-expression": regularExpression()
        case "retry": retry()
        case "retry-ambiguous": retryAmbiguous()
        case "retry-pending": retryPending()
        case "retry-undefined", "empty": StepLibrary()
        case "unused-steps": unusedSteps()
        case "stack-traces": stackTraces()
        case "attachments": try attachments(folder: folder)
        case "hooks-attachment": try hooksAttachment(folder: folder)
        case "examples-tables-attachment": try examplesTablesAttachment(folder: folder)
        default: nil
        }
    }

    static func minimal() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("I have {int} cukes in my belly") { (world, count: Int) in world.cucumbers = count }
        return steps
    }

    static func markdown() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("some TypeScript code:") { (_, _: DocString) in }
        steps.given("some classic Gherkin:") { (_, _: DocString) in }
        steps.when("we use a data table and attach something and then {word}") {
            (_, word: String, _: DataTable) in
            SpecContext.log("We are logging some plain text (\(word))")
            if word == "fail" { throw JavaScript.Error("You asked me to fail") }
        }
        steps.then("this might or might not run") { _ in }
        return steps
    }

    static func cdata() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("I have {int} <![CDATA[cukes]]> in my belly") { (world, count: Int) in world.cucumbers = count }
        return steps
    }

    /// backgrounds and rules-backgrounds; multiple-features registers the order only.
    static func orders(withActionAndOutcome: Bool) -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("an order for {string}") { (_, _: String) in }
        if withActionAndOutcome {
            steps.when("an action") { _ in }
            steps.then("an outcome") { _ in }
        }
        return steps
    }

    static func dataTables() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.when("the following table is transposed:") { (world, table: DataTable) in
            world.transposed = table.transposed()
        }
        steps.then("it should be:") { (world, expected: DataTable) in
            try expectEqual(world.transposed?.raw, expected.raw)
        }
        return steps
    }

    static func docStrings() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("a doc string:") { (_, docString: DocString) in
            try expect(!docString.content.isEmpty, "the doc string is empty")
        }
        return steps
    }

    static func examplesTables() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("there are {int} cucumbers") { (world, count: Int) in world.cucumbers = count }
        steps.given("there are {int} friends") { (world, count: Int) in world.friends = count }
        steps.when("I eat {int} cucumbers") { (world, count: Int) in world.cucumbers -= count }
        steps.then("I should have {int} cucumbers") { (world, count: Int) in
            try JavaScript.strictEqual(world.cucumbers, count)
        }
        steps.then("each person can eat {int} cucumbers") { (world, share: Int) in
            try JavaScript.strictEqual(world.cucumbers / (world.friends + 1), share)
        }
        return steps
    }

    static func examplesTablesUndefined() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("there are {int} cucumbers") { (world, count: Int) in world.cucumbers = count }
        steps.when("I eat {int} cucumbers") { (world, count: Int) in world.cucumbers -= count }
        steps.then("I should have {int} cucumbers") { (world, count: Int) in
            try JavaScript.strictEqual(world.cucumbers, count)
        }
        return steps
    }

    static func rules() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("the customer has {int} cents") { (world, cents: Int) in world.cents = cents }
        steps.given("there are chocolate bars in stock") { world in world.chocolateBars = 1 }
        steps.given("there are no chocolate bars in stock") { world in world.chocolateBars = 0 }
        steps.when("the customer tries to buy a {int} cent chocolate bar") { (world, price: Int) in
            if world.cents >= price && world.chocolateBars > 0 {
                world.cents -= price
                world.chocolateBars -= 1
                world.saleHappened = true
            }
        }
        steps.then("the sale should not happen") { world in try JavaScript.strictEqual(world.saleHappened ? 1 : 0, 0) }
        steps.then("the sale should happen") { world in try JavaScript.strictEqual(world.saleHappened ? 1 : 0, 1) }
        return steps
    }

    static func undefined() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("an implemented step") { _ in }
        steps.given("a step that will be skipped") { _ in }
        return steps
    }

    static func pending() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("an implemented non-pending step") { _ in }
        steps.given("an implemented step that is skipped") { _ in }
        steps.given("an unimplemented pending step") { _ in throw Pending() }
        return steps
    }

    static func pendingException() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("an unimplemented pending step") { _ in throw Pending("TODO") }
        return steps
    }

    static func skipped() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("a step that does not skip") { _ in }
        steps.given("a step that is skipped") { _ in }
        steps.given("I skip a step") { _ in throw Skipped() }
        return steps
    }

    static func skippedException() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("I skip a step") { _ in throw Skipped("skipping") }
        return steps
    }

    static func ambiguous() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given(regex: "^a (.*?) with (.*?)$") { (_, _: String, _: String) in }
        steps.given(regex: "^a step with (.*?)$") { (_, _: String) in }
        return steps
    }

    static func allStatuses() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given(regex: "^a step$") { _ in }
        steps.given(regex: "^a failing step$") { _ in throw JavaScript.Error("whoops") }
        steps.given(regex: "^a pending step$") { _ in throw Pending() }
        steps.given(regex: "^a skipped step$") { _ in throw Skipped() }
        steps.given(regex: "^an ambiguous (.*?)$") { (_, _: String) in }
        steps.given(regex: "^(.*?) ambiguous step$") { (_, _: String) in }
        return steps
    }

    static func failedishCombinations() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given(regex: "^a step$") { _ in }
        steps.given(regex: "^a skipped step$") { _ in throw Skipped() }
        steps.given(regex: "^a pending step$") { _ in throw Pending() }
        steps.given(regex: "^an ambiguous (.*?)$") { (_, _: String) in }
        steps.given(regex: "^(.*?) ambiguous step$") { (_, _: String) in }
        steps.given(regex: "^a failing step$") { _ in throw JavaScript.Error("whoops") }
        return steps
    }

    static func hooks() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.before { _ in }
        steps.when("a step passes") { _ in }
        steps.when("a step fails") { _ in throw JavaScript.Error("Exception in step") }
        steps.after { _ in }
        return steps
    }

    static func hooksConditional() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.before("@passing-hook") { _ in }
        steps.before("@fail-before") { _ in throw JavaScript.Error("Exception in conditional hook") }
        steps.when("a step passes") { _ in }
        steps.after("@fail-after") { _ in throw JavaScript.Error("Exception in conditional hook") }
        steps.after("@passing-hook") { _ in }
        return steps
    }

    static func hooksNamed() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.before(name: "A named before hook") { _ in }
        steps.when("a step passes") { _ in }
        steps.after(name: "A named after hook") { _ in }
        return steps
    }

    static func hooksSkipped() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.before { _ in }
        steps.before("@skip-before") { _ in throw Skipped() }
        steps.before { _ in }
        steps.given("a normal step") { _ in }
        steps.given("a step that skips") { _ in throw Skipped() }
        steps.after { _ in }
        steps.after("@skip-after") { _ in throw Skipped() }
        steps.after { _ in }
        return steps
    }

    static func hooksUndefined() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.before { _ in }
        steps.after { _ in }
        return steps
    }

    static func skippedFailingHook() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("a step that skips") { _ in throw Skipped() }
        steps.after { _ in throw JavaScript.Error("whoops") }
        return steps
    }

    static func globalHooks() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.beforeAll {}
        steps.beforeAll {}
        steps.when("a step passes") { _ in }
        steps.when("a step fails") { _ in throw JavaScript.Error("Exception in step") }
        steps.afterAll {}
        steps.afterAll {}
        return steps
    }

    static func globalHooksBeforeAllError() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.beforeAll {}
        steps.beforeAll { throw JavaScript.Error("BeforeAll hook went wrong") }
        steps.beforeAll {}
        steps.when("a step passes") { _ in }
        steps.afterAll {}
        steps.afterAll {}
        return steps
    }

    static func globalHooksAfterAllError() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.beforeAll {}
        steps.beforeAll {}
        steps.when("a step passes") { _ in }
        steps.afterAll {}
        steps.afterAll { throw JavaScript.Error("AfterAll hook went wrong") }
        steps.afterAll {}
        return steps
    }

    static func globalHooksAttachments() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.beforeAll { SpecContext.attach("Attachment from BeforeAll hook", mediaType: "text/plain") }
        steps.when("a step passes") { _ in }
        steps.afterAll { SpecContext.attach("Attachment from AfterAll hook", mediaType: "text/plain") }
        return steps
    }

    /// A flight, as the sample's `flight` parameter type makes it.
    struct Flight: Sendable, Equatable {
        let from: String
        let to: String
    }

    static func parameterTypes() throws -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.define(
            try ParameterType(name: "flight", regexp: "([A-Z]{3})-([A-Z]{3})") { values in
                Flight(from: values[0] ?? "", to: values[1] ?? "")
            })
        steps.given("{flight} has been delayed") { (_, flight: Flight) in
            try expectEqual(flight, Flight(from: "LHR", to: "CDG"))
        }
        return steps
    }

    static func unknownParameterType() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("{airport} is closed because of a strike") { (_, _: String) in
            throw JavaScript.Error("Should not be called because airport type not defined")
        }
        return steps
    }

    static func regularExpression() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given(regex: "^a (.*?)(?: and a (.*?))?(?: and a (.*?))?$") {
            (_, vegetable: String, second: String?, third: String?) in
            try expect(!vegetable.isEmpty && second != "" && third != "", "a vegetable has no name")
        }
        return steps
    }

    static func retry() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        let second = CallCounter()
        let third = CallCounter()
        steps.given("a step that always passes") { _ in }
        steps.given("a step that passes the second time") { _ in
            if second.next() < 2 { throw JavaScript.Error("Exception in step") }
        }
        steps.given("a step that passes the third time") { _ in
            if third.next() < 3 { throw JavaScript.Error("Exception in step") }
        }
        steps.given("a step that always fails") { _ in throw JavaScript.Error("Exception in step") }
        return steps
    }

    static func retryAmbiguous() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("an ambiguous step") { _ in }
        steps.given("an ambiguous step") { _ in }
        return steps
    }

    static func retryPending() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("a pending step") { _ in throw Pending() }
        return steps
    }

    static func unusedSteps() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.given("a step that is used") { _ in }
        steps.given("a step that is not used") { _ in }
        return steps
    }

    static func stackTraces() -> StepLibrary<CCKWorld> {
        var steps = StepLibrary<CCKWorld>()
        steps.when("a step throws an exception") { _ in throw JavaScript.Error("BOOM") }
        return steps
    }

    static func attachments(folder: URL) throws -> StepLibrary<CCKWorld> {
        let pdf = try Data(contentsOf: folder.appendingPathComponent("document.pdf"))
        var steps = StepLibrary<CCKWorld>()
        steps.when("the string {string} is attached as {string}") { (_, text: String, mediaType: String) in
            SpecContext.attach(text, mediaType: mediaType)
        }
        steps.when("the string {string} is logged") { (_, text: String) in SpecContext.log(text) }
        steps.when("text with ANSI escapes is logged") { _ in
            SpecContext.log(
                "This displays a \u{1b}[31mr\u{1b}[0m\u{1b}[91ma\u{1b}[0m\u{1b}[33mi\u{1b}[0m\u{1b}[32mn\u{1b}[0m"
                    + "\u{1b}[34mb\u{1b}[0m\u{1b}[95mo\u{1b}[0m\u{1b}[35mw\u{1b}[0m")
        }
        steps.when("the following string is attached as {string}:") { (_, mediaType: String, text: DocString) in
            SpecContext.attach(text.content, mediaType: mediaType)
        }
        steps.when("an array with {int} bytes is attached as {string}") { (_, count: Int, mediaType: String) in
            SpecContext.attach((0..<count).map { UInt8(truncatingIfNeeded: $0) }, mediaType: mediaType)
        }
        steps.when("a PDF document is attached and renamed") { _ in
            SpecContext.attach(pdf, mediaType: "application/pdf", fileName: "renamed.pdf")
        }
        steps.when("a link to {string} is attached") { (_, url: String) in SpecContext.link(url) }
        steps.when("the string {string} is attached as {string} before a failure") {
            (_, text: String, mediaType: String) in
            SpecContext.attach(text, mediaType: mediaType)
            throw JavaScript.Error("whoops")
        }
        return steps
    }

    static func hooksAttachment(folder: URL) throws -> StepLibrary<CCKWorld> {
        let svg = try Data(contentsOf: folder.appendingPathComponent("cucumber.svg"))
        var steps = StepLibrary<CCKWorld>()
        steps.before { _ in SpecContext.attach(svg, mediaType: "image/svg+xml") }
        steps.when("a step passes") { _ in }
        steps.after { _ in SpecContext.attach(svg, mediaType: "image/svg+xml") }
        return steps
    }

    static func examplesTablesAttachment(folder: URL) throws -> StepLibrary<CCKWorld> {
        let jpeg = try Data(contentsOf: folder.appendingPathComponent("cucumber.jpeg"))
        let png = try Data(contentsOf: folder.appendingPathComponent("cucumber.png"))
        var steps = StepLibrary<CCKWorld>()
        steps.when("a JPEG image is attached") { _ in SpecContext.attach(jpeg, mediaType: "image/jpeg") }
        steps.when("a PNG image is attached") { _ in SpecContext.attach(png, mediaType: "image/png") }
        return steps
    }
}
