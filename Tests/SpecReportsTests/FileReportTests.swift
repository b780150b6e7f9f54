import Foundation
import Messages
import TestSupport
import Testing

@testable import SpecReports

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("JUnit, Cucumber JSON, rerun, usage and Markdown reports")
struct FileReportTests {
    // MARK: JUnit

    @Test("JUnit writes a suite with counts and a testcase per scenario")
    func junitSuiteAndCases() throws {
        var builder = StreamBuilder()
        builder.scenario("Passing", [.passed("a step")])
        builder.scenario("Failing", [.failed("it breaks", message: "expected <1> & got 2")])
        builder.scenario("Skipped", [.skipped("not run")])
        let xml = try render(builder.build()) { JUnitFormatter(output: $0) }
        #expect(
            xml.hasPrefix(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="Cucumber" time="0.012" tests="3" skipped="1" failures="1" errors="0" \
                timestamp="1970-01-01T00:00:00Z">
                <testcase classname="Sample" name="Passing" time="0.003">
                <system-out><![CDATA[
                Given a step................................................................passed
                ]]></system-out>
                </testcase>
                <testcase classname="Sample" name="Failing" time="0.003">
                <failure type="Product defects" message="expected &lt;1&gt; &amp; got 2">
                <![CDATA[StepFailure: expected <1> & got 2

                Step: Then it breaks
                at features/sample.feature:14:5]]>
                </failure>
                """))
        #expect(xml.contains("<testcase classname=\"Sample\" name=\"Skipped\" time=\"0.002\">\n<skipped/>\n"))
        #expect(xml.hasSuffix("</testcase>\n</testsuite>\n"))
    }

    @Test("undefined and pending scenarios fail when strict and are skipped otherwise or when @wip")
    func junitStrictness() throws {
        var builder = StreamBuilder()
        builder.scenario("Undefined", [.undefined("a missing step")])
        builder.scenario("Pending", [.pending("a pending step")])
        builder.scenario("Work in progress", tags: ["@wip"], [.undefined("another missing step")])
        let stream = builder.build()
        let strict = try render(stream) { JUnitFormatter(output: $0) }
        #expect(strict.contains("skipped=\"1\" failures=\"2\""))
        #expect(strict.contains("<failure type=\"Undefined steps\" message=\"Undefined step\">"))
        #expect(strict.contains("Implement it with:\n\n  steps.given(\"a missing step\") { world in }"))
        let lenientQuery = RunQuery()
        lenientQuery.verdict = RunVerdict(strict: false)
        let lenient = try render(stream) { JUnitFormatter(output: $0, query: lenientQuery) }
        #expect(lenient.contains("skipped=\"3\" failures=\"0\""))
    }

    @Test("a retried scenario is reported once, by its last attempt")
    func junitRetries() throws {
        var builder = StreamBuilder()
        builder.scenario("Flaky", [.passed("a flaky step")], retried: [[.failed], [.failed]])
        let xml = try render(builder.build()) { JUnitFormatter(output: $0) }
        #expect(xml.contains("tests=\"1\" skipped=\"0\" failures=\"0\""))
        #expect(xml.components(separatedBy: "<testcase ").count == 2)
    }

    @Test("text that XML cannot hold is dropped and CDATA terminators are split")
    func junitEscaping() throws {
        var builder = StreamBuilder()
        builder.scenario("Odd \u{01}name", [.failed("it breaks", message: "a ]]> b \u{0B}c")])
        let xml = try render(builder.build()) { JUnitFormatter(output: $0) }
        #expect(xml.contains("name=\"Odd name\""))
        #expect(xml.contains("<![CDATA[StepFailure: a ]]]]><![CDATA[> b c"))
        #expect(!xml.contains("\u{01}") && !xml.contains("\u{0B}"))
        #if canImport(FoundationXML) || os(macOS)
            #expect(throws: Never.self) { try XMLDocument(xmlString: xml, options: []) }
        #endif
    }

    @Test("an interrupted run has the interrupted property and unfinished scenarios are errors")
    func junitInterrupted() throws {
        var builder = StreamBuilder()
        builder.scenario("Done", [.passed("a step")])
        builder.scenario("Cut", [.passed("a step")], unfinished: true)
        builder.finished = false
        let xml = try render(builder.build()) { JUnitFormatter(output: $0) }
        #expect(xml.contains("<properties>\n<property name=\"interrupted\" value=\"true\"/>\n</properties>\n"))
        #expect(xml.contains("errors=\"1\""))
        #expect(xml.contains("<error type=\"Interrupted\""))
    }

    @Test(
        "JUnit names rules and examples rows as Cucumber's JUnit XML formatter does",
        .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"))
    func junitNames() throws {
        let examples = try render(Conformance.envelopes("examples-tables")) { JUnitFormatter(output: $0) }
        #expect(examples.contains("name=\"Eating cucumbers - These are failing - #2.1\""))
        #expect(
            examples.contains(
                "name=\"Eating cucumbers with &lt;friends&gt; friends - #1.2: Eating cucumbers with 1 friends\""))
        let rules = try render(Conformance.envelopes("rules")) { JUnitFormatter(output: $0) }
        #expect(rules.contains("name=\"a sale cannot happen if there is no stock - No chocolates left\""))
    }

    // MARK: Cucumber JSON

    @Test("Cucumber JSON has ids, nanosecond durations, error messages, locations and embeddings")
    func cucumberJSONFields() throws {
        var builder = StreamBuilder()
        var step = StreamBuilder.StepSpec.passed("a log line", milliseconds: 12)
        step.attachment = ("hello", "text/plain")
        builder.scenario("Logs it", tags: ["@smoke"], [step, .failed("it breaks")], beforeHook: .passed)
        let json = try JSONValue(parsing: render(builder.build()) { CucumberJSONFormatter(output: $0) })
        let feature = try #require(json[0])
        #expect(feature["id"] == "sample")
        #expect(feature["uri"] == "features/sample.feature")
        let scenario = try #require(feature["elements"]?[0])
        #expect(scenario["id"] == "sample;logs-it")
        #expect(scenario["type"] == "scenario")
        #expect(scenario["tags"] == [["name": "@smoke", "line": 2]])
        #expect(scenario["before"]?[0]?["match"]?["location"] == "Sources/Hooks.swift:3")
        #expect(scenario["before"]?[0]?["result"]?["status"] == "passed")
        let first = try #require(scenario["steps"]?[0])
        #expect(first["keyword"] == "Given ")
        #expect(first["name"] == "a log line")
        #expect(first["line"] == 4)
        #expect(first["match"]?["location"] == "Sources/Steps.swift:11")
        #expect(first["result"]?["duration"] == 12_000_000)
        #expect(first["embeddings"] == [["mime_type": "text/plain", "data": "aGVsbG8="]])
        let second = try #require(scenario["steps"]?[1])
        #expect(second["result"]?["status"] == "failed")
        #expect(second["result"]?["error_message"] == "expected 1, got 2")
    }

    @Test(
        "outline rows get ids numbered from the header and rules join the id",
        .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"))
    func cucumberJSONIds() throws {
        let examples = try JSONValue(
            parsing: render(Conformance.envelopes("examples-tables")) { CucumberJSONFormatter(output: $0) })
        #expect(examples[0]?["elements"]?[0]?["id"] == "examples-tables;eating-cucumbers;these-are-passing;2")
        let backgrounds = try JSONValue(
            parsing: render(Conformance.envelopes("backgrounds")) { CucumberJSONFormatter(output: $0) })
        #expect(backgrounds[0]?["elements"]?[0]?["type"] == "background")
        #expect(backgrounds[0]?["elements"]?[1]?["type"] == "scenario")
    }

    @Test("canonical style wraps the features with the implementation and leaves embeddings out")
    func canonicalStyle() throws {
        var builder = StreamBuilder()
        var step = StreamBuilder.StepSpec.passed("a log line")
        step.attachment = ("hello", "text/plain")
        builder.scenario("Logs it", [step])
        let json = try JSONValue(
            parsing: render(builder.build()) { CucumberJSONFormatter(output: $0, style: .canonical) })
        #expect(json["implementation"] == "feed-specs")
        #expect(json["features"]?[0]?["elements"]?[0]?["steps"]?[0]?["embeddings"] == nil)
    }

    // MARK: Parse errors

    /// The stream of a run with one passing scenario, and two parse errors in one file and one in another.
    private func streamWithParseErrors() -> [Envelope] {
        var builder = StreamBuilder()
        builder.scenario("Passing", [.passed("a step")])
        var envelopes = builder.build()
        let errors = [
            ("features/broken.feature", 4, 3, "(4:3): expected: #EOF, #StepLine, got 'what is this'"),
            ("features/broken.feature", 9, 1, "(9:1): inconsistent cell count within the table"),
            ("features/other.feature", 1, 1, "(1:1): expected: #Feature, got 'Fonctionnalité: x'"),
        ].map { uri, line, column, message in
            Envelope.parseError(
                ParseError(
                    source: SourceReference(uri: uri, location: Location(line: line, column: column)),
                    message: message))
        }
        envelopes.insert(contentsOf: errors, at: 1)
        return envelopes
    }

    @Test("JUnit gives each file that could not be parsed an erroring testcase named after the file")
    func junitParseErrors() throws {
        let xml = try render(streamWithParseErrors()) { JUnitFormatter(output: $0) }
        #expect(xml.contains(#"tests="3" skipped="0" failures="0" errors="2""#))
        #expect(
            xml.contains(
                """
                <testcase classname="Parse errors" name="features/broken.feature" time="0">
                <error type="ParseError" message="features/broken.feature:4:3: expected: #EOF, #StepLine, got \
                &apos;what is this&apos; (and 1 more)">
                <![CDATA[features/broken.feature:4:3: expected: #EOF, #StepLine, got 'what is this'
                features/broken.feature:9:1: inconsistent cell count within the table]]>
                </error>
                </testcase>
                """))
        #expect(xml.contains(#"<testcase classname="Parse errors" name="features/other.feature" time="0">"#))
    }

    @Test(
        "Cucumber JSON reports a file that could not be parsed as a feature with a failed step per error",
        arguments: [CucumberJSONFormatter.Style.legacy, .canonical])
    func cucumberJSONParseErrors(style: CucumberJSONFormatter.Style) throws {
        let json = try JSONValue(
            parsing: render(streamWithParseErrors()) { CucumberJSONFormatter(output: $0, style: style) })
        let features = try #require(style == .legacy ? json : json["features"])
        #expect(features[0]?["name"] == "Sample")
        let broken = try #require(features[1])
        #expect(broken["uri"] == "features/broken.feature")
        #expect(broken["elements"]?[0]?["name"] == "Parse error")
        #expect(broken["elements"]?[0]?["line"] == 4)
        let steps = try #require(broken["elements"]?[0]?["steps"])
        #expect(steps[0]?["result"]?["status"] == "failed")
        #expect(
            steps[0]?["result"]?["error_message"]
                == "features/broken.feature:4:3: expected: #EOF, #StepLine, got 'what is this'")
        #expect(steps[1]?["name"] == "inconsistent cell count within the table")
        #expect(features[2]?["uri"] == "features/other.feature")
        #expect(features[3] == nil)
    }

    @Test("an empty run is an empty JSON array")
    func emptyCucumberJSON() throws {
        var builder = StreamBuilder()
        #expect(try render(builder.build()) { CucumberJSONFormatter(output: $0) } == "[]\n")
    }

    // MARK: Rerun

    @Test("rerun groups failing scenario lines per file")
    func rerunFormat() throws {
        var builder = StreamBuilder()
        builder.scenario("Failing one", [.failed("it breaks")])
        builder.scenario("Passing", [.passed("a step")])
        builder.scenario("Failing two", [.undefined("a missing step")])
        let text = try render(builder.build()) { RerunFormatter(output: $0) }
        #expect(text == "features/sample.feature:3:23\n")
    }

    @Test("a run without failures writes an empty rerun file")
    func emptyRerun() throws {
        var builder = StreamBuilder()
        builder.scenario("Passing", [.passed("a step")])
        #expect(try render(builder.build()) { RerunFormatter(output: $0) } == "")
    }

    // MARK: Usage

    @Test("usage lists definitions by mean duration with their steps, and flags unused ones")
    func usageTable() throws {
        var builder = StreamBuilder()
        builder.scenario("One", [.passed("a slow step", milliseconds: 30), .passed("a fast step", milliseconds: 2)])
        builder.scenario("Two", [.passed("a slow step", milliseconds: 10)])
        var stream = builder.build()
        stream.insert(
            .stepDefinition(
                StepDefinition(
                    id: "unused", pattern: StepDefinitionPattern(source: "^never (\\d+)$", type: .regularExpression),
                    sourceReference: SourceReference(uri: "Sources/Old.swift", location: Location(line: 7)))),
            at: 2)
        let text = try render(stream) { UsageFormatter(output: $0) }
        let expected = """
            ┌─────────────────┬──────┬───────────────────────┬────────────────────────────┐
            │ Pattern / Text  │ Uses │ Duration (mean / max) │ Location                   │
            ├─────────────────┼──────┼───────────────────────┼────────────────────────────┤
            │ a slow step     │ 2    │ 20.00ms / 30.00ms     │ Sources/Steps.swift:11     │
            │   a slow step   │      │ 30.00ms               │ features/sample.feature:4  │
            │   a slow step   │      │ 10.00ms               │ features/sample.feature:14 │
            ├─────────────────┼──────┼───────────────────────┼────────────────────────────┤
            │ a fast step     │ 1    │ 2.00ms / 2.00ms       │ Sources/Steps.swift:12     │
            │   a fast step   │      │ 2.00ms                │ features/sample.feature:5  │
            ├─────────────────┼──────┼───────────────────────┼────────────────────────────┤
            │ /^never (\\d+)$/ │ 0    │ UNUSED                │ Sources/Old.swift:7        │
            └─────────────────┴──────┴───────────────────────┴────────────────────────────┘

            """
        #expect(text == expected)
    }

    @Test("usage without step definitions says so")
    func usageWithoutDefinitions() throws {
        var builder = StreamBuilder()
        #expect(try render(builder.build()) { UsageFormatter(output: $0) } == "No step definitions\n")
    }

    // MARK: Markdown

    @Test("Markdown has the outcome, a totals table, failing scenarios and undefined steps")
    func markdownSummary() throws {
        var builder = StreamBuilder()
        builder.scenario("Loads | the *feed*", [.passed("a step"), .failed("it shows 3 images")])
        builder.scenario("Missing", [.undefined("a missing step")])
        let text = try render(builder.build()) { MarkdownFormatter(output: $0) }
        #expect(text.hasPrefix("## ❌ Acceptance specs failed\n\n| | Total | Passed | Undefined | Failed |\n"))
        #expect(text.contains("| Scenarios | 2 | 0 | 1 | 1 |\n| Steps | 3 | 1 | 1 | 1 |\n"))
        #expect(text.contains("- **Sample › Loads \\| the \\*feed\\*** — `features/sample.feature:3` (failed)\n"))
        #expect(text.contains("  - Step: `Then it shows 3 images` — `features/sample.feature:5:5`\n"))
        #expect(text.contains("  ```\n  expected 1, got 2\n  ```\n"))
        #expect(text.contains("### Undefined steps (1)\n\n- `When a missing step` — `features/sample.feature:14`\n"))
        #expect(text.contains("  ```swift\n  steps.given(\"a missing step\") { world in }\n  ```\n"))
    }

    @Test("Markdown flags an interrupted run")
    func markdownInterrupted() throws {
        var builder = StreamBuilder()
        builder.scenario("Passing", [.passed("a step")])
        builder.finished = false
        let text = try render(builder.build()) { MarkdownFormatter(output: $0) }
        #expect(text.hasPrefix("## ⚠️ Acceptance specs: interrupted\n\n> **Interrupted:**"))
    }

    @Test("code blocks use a fence longer than any backtick run in the text")
    func markdownFences() {
        #expect(MarkdownFormatter.codeBlock("a ``` b") == "````\na ``` b\n````\n")
    }

    @Test("the GitHub step summary is appended to the file named by GITHUB_STEP_SUMMARY")
    func gitHubStepSummary() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("summary-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("previous step\n".utf8).write(to: file)
        #expect(try MarkdownFormatter.gitHubStepSummaryOutput(environment: [:]) == nil)
        let output = try #require(
            try MarkdownFormatter.gitHubStepSummaryOutput(environment: ["GITHUB_STEP_SUMMARY": file.path]))
        var builder = StreamBuilder()
        builder.scenario("Passing", [.passed("a step")])
        try MarkdownFormatter(output: output).format(builder.build())
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.hasPrefix("previous step\n## ✅ Acceptance specs passed\n"))
    }
}
