import Messages
import SpecReports
import Testing

@Suite("Console formatters")
struct ConsoleFormatterTests {
    private func sampleStream() -> [Envelope] {
        var builder = StreamBuilder()
        builder.scenario("Passing", [.passed("a cache with 2 images"), .passed("the feed loads", "When ")])
        builder.scenario(
            "Failing", [.passed("a cache with 2 images"), .failed("it shows 3 images"), .skipped("it is sorted")])
        return builder.build()
    }

    @Test("summary totals use Cucumber's wording and status order")
    func summaryTotalsUseCucumberWording() throws {
        let text = try render(sampleStream()) { SummaryFormatter(output: $0) }
        #expect(text.contains("2 scenarios (1 failed, 1 passed)\n5 steps (1 failed, 1 skipped, 3 passed)\n"))
        #expect(text.hasSuffix("\n0m00.014s (executing steps: 0m00.004s)\n"))
    }

    @Test("singular nouns for one scenario and one step")
    func singularNouns() throws {
        var builder = StreamBuilder()
        builder.scenario("One", [.passed("a step")])
        let text = try render(builder.build()) { SummaryFormatter(output: $0) }
        #expect(text.hasPrefix("1 scenario (1 passed)\n1 step (1 passed)\n0m00."))
    }

    @Test("an empty run reports zero scenarios and steps without details")
    func emptyRun() throws {
        var builder = StreamBuilder()
        let text = try render(builder.build()) { SummaryFormatter(output: $0) }
        #expect(text == "0 scenarios\n0 steps\n0m00.001s (executing steps: 0m00.000s)\n")
    }

    @Test(
        "durations are written as Cucumber writes them",
        arguments: [
            (0, "0m00.000s"), (123_456_789, "0m00.123s"), (5_000_000_000, "0m05.000s"),
            (65_432_000_000, "1m05.432s"), (3_723_000_000_000, "62m03.000s"),
        ])
    func cucumberDurations(nanoseconds: Int, expected: String) {
        #expect(ReportText.cucumberDuration(MessageDuration(nanoseconds: nanoseconds)) == expected)
    }

    @Test(
        "the failure listing folds past its limit: the first failures in full, then how many more",
        arguments: [(3, 5), (5, 5), (0, 2)])
    func failureListingFolds(limit: Int, failing: Int) throws {
        var builder = StreamBuilder()
        for index in 0..<failing { builder.scenario("Failing \(index)", [.failed("it shows \(index) images")]) }
        builder.scenario("Passing", [.passed("a step")])
        let query = RunQuery()
        for envelope in builder.build() { query.update(envelope) }
        var summary = SummaryText(query: query)
        summary.listLimit = limit
        let text = summary.text
        let listed = min(limit, failing)
        for index in 0..<failing {
            #expect(text.contains("Scenario: Failing \(index) #") == (index < listed), "scenario \(index)")
        }
        let fold = "…and \(failing - listed) more failures not listed here (every one is in the html, junit, json and"
        #expect(text.contains(fold) == (failing > listed))
        #expect(text.contains("\(failing + 1) scenarios (\(failing) failed, 1 passed)"))
    }

    @Test("failures list the scenario location, every step, and the error message at the failing step's line")
    func failuresListScenarioStepsAndMessage() throws {
        let text = try render(sampleStream()) { SummaryFormatter(output: $0) }
        let expected = """
            Failures:

            1) Scenario: Failing # features/sample.feature:13
                 Category: Product defects
               ✔ Given a cache with 2 images # Sources/Steps.swift:11
               ✖ Then it shows 3 images # Sources/Steps.swift:13
                   features/sample.feature:15:5: expected 1, got 2
               - And it is sorted # Sources/Steps.swift:14

            2 scenarios
            """
        #expect(text.hasPrefix(expected))
    }

    @Test("a parse error is said in plain words at its file:line:column, before the totals, and counted there")
    func parseErrorsBeforeTheTotals() throws {
        var builder = StreamBuilder()
        builder.scenario("Passing", [.passed("a step")])
        var envelopes = builder.build()
        envelopes.insert(
            .parseError(
                ParseError(
                    source: SourceReference(uri: "features/broken.feature", location: Location(line: 4, column: 3)),
                    message: "(4:3): expected: #EOF, #TableRow, #StepLine, #Comment, #Empty, got 'Oops'")),
            at: 1)
        let text = try render(envelopes) { SummaryFormatter(output: $0) }
        #expect(
            text.hasPrefix(
                """
                Parse errors:

                1) features/broken.feature:4:3: This line is not a step, a table row, a tag, a comment or a keyword \
                such as Scenario or Examples.
                   (Gherkin: expected: #EOF, #TableRow, #StepLine, #Comment, #Empty, got 'Oops')

                1 parse error in 1 file (not run)
                1 scenario (1 passed)

                """))
    }

    @Test(
        "Gherkin's parse errors in a product owner's words",
        arguments: [
            ("expected: #EOF, #TableRow, #StepLine, #Comment, #Empty, got 'Oops'", "This line is not a step"),
            ("inconsistent cell count within the table", "different number of cells"),
            ("unexpected end of file, expected: #DocStringSeparator, #Other", "closing \"\"\""),
            ("expected: #TagLine, #FeatureLine, #Comment, #Empty, got 'Scenario: x'", "starts with `Feature:`"),
            ("expected: #TagLine, #ScenarioLine, #RuleLine, #Comment, #Empty, got 'x'", "followed by what they tag"),
            ("Language not supported: xx", "--languages FILE"),
            ("A tag may not contain whitespace", "one word after @"),
        ])
    func parseErrorsInPlainWords(message: String, words: String) {
        #expect(ReportText.plainWords(forParseError: message).contains(words))
        #expect(ReportText.plainWords(forParseError: "(2:1): " + message).contains(words))
    }

    @Test("undefined steps show their snippets and count as failures when strict")
    func undefinedStepsShowSnippets() throws {
        var builder = StreamBuilder()
        builder.scenario("Undefined", [.undefined("the cache is empty")])
        let stream = builder.build()
        let strict = try render(stream) { SummaryFormatter(output: $0) }
        #expect(strict.hasPrefix("Failures:\n\n1) Scenario: Undefined # features/sample.feature:3\n"))
        #expect(
            strict.contains(
                """
                   ? When the cache is empty
                       features/sample.feature:4:5: Undefined step: no step definition matches it.
                       Implement it with:

                         steps.given("the cache is empty") { world in }
                """))
        let lenientQuery = RunQuery()
        lenientQuery.verdict = RunVerdict(strict: false)
        let lenient = try render(stream) { SummaryFormatter(output: $0, query: lenientQuery) }
        #expect(lenient.hasPrefix("Warnings:\n\n1) Scenario: Undefined"))
    }

    @Test("a mistyped step is offered the closest step definitions before its snippet")
    func didYouMeanForAMistypedStep() throws {
        var builder = StreamBuilder()
        builder.scenario("Typo", [.passed("a cache with 2 images"), .undefined("a cahce with 2 images")])
        let text = try render(builder.build()) { SummaryFormatter(output: $0) }
        #expect(
            text.contains(
                """
                Undefined step: no step definition matches it.
                       Did you mean:
                         "a cache with 2 images" (Sources/Steps.swift:
                """), "\(text)")
        #expect(text.contains("Implement it with:"))

        var unrelated = StreamBuilder()
        unrelated.scenario("New", [.passed("a cache with 2 images"), .undefined("the customer pays by card")])
        let plain = try render(unrelated.build()) { SummaryFormatter(output: $0) }
        #expect(!plain.contains("Did you mean"), "nothing close, nothing offered")
        #expect(plain.contains("Undefined step: no step definition matches it.\n       Implement it with:"))
    }

    @Test("only the preferred snippet is shown, not the {float} twin of every {int}")
    func onlyThePreferredSnippet() throws {
        var builder = StreamBuilder()
        builder.scenario("Undefined", [.undefined("3 images")])
        var envelopes = builder.build()
        let index = try #require(envelopes.firstIndex { if case .suggestion = $0 { true } else { false } })
        guard case .suggestion(var suggestion) = envelopes[index] else { return }
        suggestion.snippets = [
            Snippet(language: "swift", code: "steps.given(\"{int} images\") { (world, int: Int) in }"),
            Snippet(language: "swift", code: "steps.given(\"{float} images\") { (world, float: Double) in }"),
        ]
        envelopes[index] = .suggestion(suggestion)
        let text = try render(envelopes) { SummaryFormatter(output: $0) }
        #expect(text.contains("{int} images"))
        #expect(!text.contains("{float} images"))
    }

    @Test("@wip scenarios with undefined steps are warnings, not failures")
    func wipUndefinedIsWarning() throws {
        var builder = StreamBuilder()
        builder.scenario("Work in progress", tags: ["@wip"], [.undefined("a new step")])
        let text = try render(builder.build()) { SummaryFormatter(output: $0) }
        #expect(text.hasPrefix("Warnings:\n"))
        #expect(!text.contains("Failures:"))
    }

    @Test("retried attempts are warnings and only the last attempt counts")
    func retriedAttemptsAreWarnings() throws {
        var builder = StreamBuilder()
        builder.scenario("Flaky", [.passed("a flaky step")], retried: [[.failed]])
        let text = try render(builder.build()) { SummaryFormatter(output: $0) }
        #expect(text.hasPrefix("Warnings:\n\n1) Scenario: Flaky (attempt 1, retried) # features/sample.feature:3\n"))
        #expect(text.contains("1 scenario (1 flaky)\n1 step (1 passed)\n"))
    }

    @Test("colours wrap each status count when asked, and never otherwise")
    func coloursOnlyWhenAsked() throws {
        let colored = try render(sampleStream()) { SummaryFormatter(output: $0, style: .colored) }
        #expect(colored.contains("\u{1B}[31m1 failed\u{1B}[39m, \u{1B}[32m1 passed\u{1B}[39m"))
        let plain = try render(sampleStream()) { SummaryFormatter(output: $0) }
        #expect(!plain.contains("\u{1B}["))
    }

    @Test("NO_COLOR or a non-terminal output turns colours off")
    func automaticStyle() {
        #expect(ConsoleStyle.automatic(isTerminal: true, environment: [:]).usesColors)
        #expect(!ConsoleStyle.automatic(isTerminal: true, environment: ["NO_COLOR": "1"]).usesColors)
        #expect(ConsoleStyle.automatic(isTerminal: true, environment: ["NO_COLOR": ""]).usesColors)
        #expect(!ConsoleStyle.automatic(isTerminal: false, environment: [:]).usesColors)
    }

    @Test("an interrupted run is flagged above the totals")
    func interruptedSummary() throws {
        var builder = StreamBuilder()
        builder.scenario("Passing", [.passed("a step")])
        builder.finished = false
        let text = try render(builder.build()) { SummaryFormatter(output: $0) }
        #expect(text.hasPrefix("Interrupted: the run did not finish (no testRunFinished message)\n1 scenario"))
    }

    @Test("progress prints one character per step, then the summary")
    func progressCharacters() throws {
        var builder = StreamBuilder()
        builder.scenario("A", [.passed("one"), .failed("two"), .skipped("three")])
        builder.scenario("B", [.undefined("four")])
        builder.scenario("C", [.pending("five")])
        let text = try render(builder.build()) { ProgressFormatter(output: $0, flushesEachStep: false) }
        #expect(text.hasPrefix(".F-UP\n\nFailures:"))
        #expect(
            text.hasSuffix(
                "3 scenarios (1 failed, 1 undefined, 1 pending)\n5 steps (1 failed, 1 undefined, "
                    + "1 pending, 1 skipped, 1 passed)\n0m00.014s (executing steps: 0m00.002s)\n"))
    }

    @Test("progress maps every status to cucumber-js's character", arguments: TestStepResultStatus.allCases)
    func progressCharacterMapping(status: TestStepResultStatus) {
        let expected: [TestStepResultStatus: String] = [
            .passed: ".", .failed: "F", .undefined: "U", .pending: "P", .ambiguous: "A", .skipped: "-", .unknown: "?",
        ]
        #expect(ProgressFormatter.character(for: status) == expected[status])
    }

    @Test("pretty shows feature, scenario and steps with aligned locations, arguments and errors")
    func prettyLayout() throws {
        var builder = StreamBuilder()
        var table = StreamBuilder.StepSpec.passed("these images:")
        table.table = [["id", "url"], ["1", "https://a.example/1.png"]]
        builder.scenario("Shows images", [table, .failed("it shows 3 images")])
        let text = try render(builder.build()) { PrettyFormatter(output: $0, flushesEachStep: false) }
        let expected = """

            Feature: Sample

              Scenario: Shows images     # features/sample.feature:3
                ✔ Given these images:    # Sources/Steps.swift:11
                    | id | url                     |
                    | 1  | https://a.example/1.png |
                ✘ Then it shows 3 images # Sources/Steps.swift:12
                    expected 1, got 2

            Failures:
            """
        #expect(text.hasPrefix(expected))
    }

    @Test("pretty shows a failed hook and hides passing ones")
    func prettyHooks() throws {
        var builder = StreamBuilder()
        builder.scenario("Hooked", [.skipped("a step")], beforeHook: .failed)
        builder.scenario("Fine", [.passed("a step")], beforeHook: .passed)
        let text = try render(builder.build()) { PrettyFormatter(output: $0, flushesEachStep: false) }
        #expect(text.contains("✘ Before       # Sources/Hooks.swift:3\n        hook failed\n"))
        #expect(text.components(separatedBy: "Before").count == 3)  // the failed hook, and once in Failures
    }
}
