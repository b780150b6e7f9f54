import Foundation
import Messages
import SpecReports
import TestSupport
import Testing

@Suite("Run query")
struct RunQueryTests {
    private func query(_ envelopes: [Envelope]) -> RunQuery {
        let query = RunQuery()
        query.update(contentsOf: envelopes)
        return query
    }

    @Test("an attempt takes its worst step status")
    func worstStepStatus() {
        var builder = StreamBuilder()
        builder.scenario("Mixed", [.passed("one"), .pending("two"), .skipped("three")])
        let attempt = query(builder.build()).countedAttempts[0]
        #expect(attempt.status == .pending)
        #expect(attempt.worstResult?.status == .pending)
    }

    @Test("a finished attempt without steps passed; an unfinished one is unknown unless a step went wrong")
    func emptyAndUnfinishedAttempts() {
        var empty = StreamBuilder()
        empty.scenario("Empty", [])
        #expect(query(empty.build()).countedAttempts[0].status == .passed)

        var cut = StreamBuilder()
        cut.scenario("Cut", [.passed("one")], unfinished: true)
        cut.finished = false
        let cutQuery = query(cut.build())
        #expect(cutQuery.countedAttempts[0].status == .unknown)
        #expect(cutQuery.isInterrupted)
        #expect(!cutQuery.success)

        var broken = StreamBuilder()
        broken.scenario("Broken", [.failed("one")], unfinished: true)
        broken.finished = false
        #expect(query(broken.build()).countedAttempts[0].status == .failed)
    }

    @Test("only the last attempt of a retried test case counts")
    func lastAttemptCounts() {
        var builder = StreamBuilder()
        builder.scenario("Flaky", [.passed("a step")], retried: [[.failed], [.failed]])
        let query = query(builder.build())
        #expect(query.attempts.count == 3)
        #expect(query.countedAttempts.count == 1)
        #expect(query.countedAttempts[0].attempt == 2)
        #expect(query.statistics().scenarios[.passed] == 1)
        #expect(query.statistics().scenarios.total == 1)
        #expect(!query.counts(query.attempts[0]))
    }

    @Test(
        "strict mode fails undefined, pending and ambiguous scenarios; @wip never fails, as the runner decides",
        arguments: [
            (TestStepResultStatus.undefined, [String](), true, true),
            (.pending, [], true, true),
            (.undefined, [], false, false),
            (.undefined, ["@wip"], true, false),
            (.failed, ["@wip"], true, false),
            (.failed, [], false, true),
            (.skipped, [], true, false),
        ])
    func strictness(status: TestStepResultStatus, tags: [String], strict: Bool, failing: Bool) {
        var builder = StreamBuilder()
        builder.scenario(
            "One", tags: tags, [StreamBuilder.StepSpec(text: "a step", status: status, milliseconds: 1)])
        let attempt = query(builder.build()).countedAttempts[0]
        #expect(attempt.isFailing(by: RunVerdict(strict: strict)) == failing)
    }

    @Test("a run whose tag of work in progress is another: every report applies it, not @wip")
    func anotherWorkInProgressTag() throws {
        var builder = StreamBuilder()
        builder.scenario("Unfinished", tags: ["@inprogress"], [.failed("a step")])
        builder.scenario("Tagged wip", tags: ["@wip"], [.failed("another step")])
        builder.success = false
        let envelopes = builder.build()
        let run = RunQuery()
        run.verdict = RunVerdict(workInProgressTag: "@inprogress")
        run.update(contentsOf: envelopes)
        let attempts = run.countedAttempts
        #expect(attempts.map { $0.isFailing(by: run.verdict) } == [false, true])
        #expect(run.statistics().failingScenarios == 1)
        let reportQuery = RunQuery()
        reportQuery.verdict = RunVerdict(workInProgressTag: "@inprogress")
        let junit = try render(envelopes) { JUnitFormatter(output: $0, query: reportQuery) }
        #expect(junit.contains("failures=\"1\""), "only the @wip one fails: @wip is not this run's tag")
    }

    @Test("the run's success is the stream's testRunFinished.success")
    func successComesFromTheStream() {
        var builder = StreamBuilder()
        builder.scenario("Passing", [.passed("a step")])
        builder.success = false
        #expect(!query(builder.build()).success)
    }

    @Test(
        "a pickle's lineage finds its feature, rule, background and examples row",
        .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"))
    func lineage() throws {
        let examples = query(try Conformance.envelopes("examples-tables"))
        let pickle = try #require(examples.pickles.first)
        let lineage = try #require(examples.lineage(of: pickle))
        #expect(lineage.feature.name == "Examples Tables")
        #expect(lineage.examples?.name == "These are passing")
        #expect(lineage.exampleIndex == 0)
        #expect(lineage.line == lineage.example?.location.line)

        let rules = query(try Conformance.envelopes("rules-backgrounds"))
        let rulePickle = try #require(rules.pickles.first)
        let ruleLineage = try #require(rules.lineage(of: rulePickle))
        #expect(ruleLineage.rule != nil)
        #expect(ruleLineage.backgrounds.count == 2)
        let firstStep = try #require(rulePickle.steps.first)
        #expect(rules.background(of: firstStep) != nil)
        #expect(rules.keyword(of: firstStep) == rules.gherkinStep(of: firstStep)?.keyword)
    }

    @Test("messages that refer to unknown ids are ignored instead of trusted")
    func danglingReferences() {
        let query = RunQuery()
        query.update(
            .testCaseStarted(
                TestCaseStarted(attempt: 0, id: "a", testCaseId: "missing", timestamp: .init(seconds: 1, nanos: 0))))
        query.update(
            .testStepFinished(
                TestStepFinished(
                    testCaseStartedId: "a", testStepId: "nope",
                    testStepResult: TestStepResult(duration: .zero, status: .failed),
                    timestamp: .init(seconds: 2, nanos: 0))))
        query.update(
            .attachment(
                Attachment(body: "x", contentEncoding: .identity, mediaType: "text/plain", testCaseStartedId: "a")))
        #expect(query.attempts.isEmpty)
        #expect(query.runAttachments.count == 1)
        #expect(query.statistics().scenarios.total == 0)
    }

    @Test("step usage counts the steps each definition matched")
    func stepUsage() {
        var builder = StreamBuilder()
        builder.scenario("One", [.passed("shared"), .passed("only once")])
        builder.scenario("Two", [.passed("shared")])
        let usage = query(builder.build()).stepUsage()
        let shared = usage.first { $0.definition.pattern.source == "shared" }
        #expect(shared?.matches.count == 2)
        #expect(shared?.meanDuration == MessageDuration(nanoseconds: 1_000_000))
        #expect(usage.allSatisfy { !$0.isUnused })
    }
}
