import Foundation
import Messages
import SpecReports
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Every formatter over every stream of the Cucumber Compatibility Kit.
@Suite(
    "Reports of the Compatibility Kit streams",
    .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"))
struct CompatibilityKitTests {
    @Test("summary counts equal the counts taken straight from the stream", arguments: Conformance.cckSamples)
    func summaryCounts(sample: String) throws {
        let envelopes = try Conformance.envelopes(sample)
        let expected = IndependentCount(envelopes)
        let query = RunQuery()
        query.update(contentsOf: envelopes)
        let statistics = query.statistics()
        for status in TestStepResultStatus.allCases {
            #expect(statistics.scenarios[status] == expected.scenarios[status, default: 0], "\(status) scenarios")
            #expect(statistics.steps[status] == expected.steps[status, default: 0], "\(status) steps")
        }
        let text = try render(envelopes) { SummaryFormatter(output: $0) }
        let summary = SummaryText(query: query)
        #expect(
            text.contains(
                summary.countLine(statistics.scenarios, noun: "scenario", flaky: statistics.flakyScenarios) + "\n"))
        #expect(text.contains("\(statistics.scenarios.total) scenario"))
        #expect(text.contains("\(statistics.steps.total) step"))
    }

    @Test("every formatter produces its report without error", arguments: Conformance.cckSamples)
    func everyFormatterProducesAReport(sample: String) throws {
        let envelopes = try Conformance.envelopes(sample)
        let makers: [(MemoryOutput) -> any ReportFormatter] = [
            { SummaryFormatter(output: $0) }, { ProgressFormatter(output: $0, flushesEachStep: false) },
            { PrettyFormatter(output: $0, flushesEachStep: false) }, { MessageFormatter(output: $0) },
            { CucumberJSONFormatter(output: $0) }, { JUnitFormatter(output: $0) }, { HTMLFormatter(output: $0) },
            { MarkdownFormatter(output: $0) }, { RerunFormatter(output: $0) }, { UsageFormatter(output: $0) },
        ]
        for make in makers {
            let output = MemoryOutput()
            try make(output).format(envelopes)
            #expect(output.isClosed)
        }
        let summary = MemoryOutput()
        try SummaryFormatter(output: summary).format(envelopes)
        #expect(summary.text.contains(" (executing steps: "))
    }

    @Test("the message report is the stream itself, line for line", arguments: Conformance.cckSamples)
    func messageReportIsTheStream(sample: String) throws {
        let envelopes = try Conformance.envelopes(sample)
        let text = try render(envelopes) { MessageFormatter(output: $0) }
        let reread = try NDJSONReader().read(Data(text.utf8)).envelopes
        #expect(reread == envelopes)
    }

    #if canImport(FoundationXML) || os(macOS)
        @Test("JUnit XML parses and has one testcase per counted scenario", arguments: Conformance.cckSamples)
        func junitStructure(sample: String) throws {
            let envelopes = try Conformance.envelopes(sample)
            let expected = IndependentCount(envelopes)
            let xml = try render(envelopes) { JUnitFormatter(output: $0) }
            let document = try XMLDocument(xmlString: xml, options: [])
            let suite = try #require(document.rootElement())
            #expect(suite.name == "testsuite")
            let cases = suite.elements(forName: "testcase").filter {
                $0.attribute(forName: "classname")?.stringValue != "Test run hooks"
                    && $0.attribute(forName: "classname")?.stringValue != "Test run"
            }
            #expect(cases.count == expected.countedTestCases)
            let failing =
                (expected.scenarios[.failed] ?? 0) + (expected.scenarios[.ambiguous] ?? 0)
                + (expected.scenarios[.undefined] ?? 0) + (expected.scenarios[.pending] ?? 0)
            let failures = cases.filter { !$0.elements(forName: "failure").isEmpty }
            #expect(failures.count == failing)
            #expect(suite.attribute(forName: "failures")?.stringValue == String(failing))
            #expect(suite.attribute(forName: "tests")?.stringValue == String(suite.elements(forName: "testcase").count))
            let skipped = cases.filter { !$0.elements(forName: "skipped").isEmpty }
            #expect(skipped.count == expected.scenarios[.skipped] ?? 0)
        }
    #endif

    @Test(
        "Cucumber JSON has a feature per file and a scenario element per counted scenario",
        arguments: Conformance.cckSamples)
    func cucumberJSONStructure(sample: String) throws {
        let envelopes = try Conformance.envelopes(sample)
        let expected = IndependentCount(envelopes)
        let text = try render(envelopes) { CucumberJSONFormatter(output: $0) }
        guard case .array(let features) = try JSONValue(parsing: text) else {
            Issue.record("the report is not a JSON array")
            return
        }
        var scenarios = 0
        for feature in features {
            #expect(feature["uri"] != nil && feature["keyword"] != nil && feature["name"] != nil)
            guard case .array(let elements)? = feature["elements"] else { continue }
            for element in elements where element["type"] == "scenario" {
                scenarios += 1
                guard case .array(let steps)? = element["steps"] else { continue }
                for step in steps {
                    guard case .string(let status)? = step["result"]?["status"] else {
                        Issue.record("a step has no result status")
                        continue
                    }
                    #expect(["passed", "failed", "skipped", "undefined", "pending", "unknown"].contains(status))
                }
            }
        }
        #expect(scenarios == expected.countedTestCases)
    }

    @Test("canonical Cucumber JSON is valid against canonical.schema.json", arguments: Conformance.cckSamples)
    func canonicalJSONIsValid(sample: String) throws {
        let schema = try JSONValue(parsing: Conformance.data("cucumber-json/canonical.schema.json"))
        let validator = MiniSchemaValidator(schema: schema)
        let envelopes = try Conformance.envelopes(sample)
        let canonical = try render(envelopes) { CucumberJSONFormatter(output: $0, style: .canonical) }
        #expect(validator.validate(try JSONValue(parsing: canonical)) == [])
        // The legacy report is the same features, plus embeddings.
        let legacy = try JSONValue(parsing: render(envelopes) { CucumberJSONFormatter(output: $0) })
        let wrapped = JSONValue.object(["implementation": "feed-specs", "features": legacy]).removingKeys(["embeddings"]
        )
        #expect(validator.validate(wrapped) == [])
    }

    @Test("rerun lists the line of every scenario that did not pass", arguments: Conformance.cckSamples)
    func rerunListsFailingLines(sample: String) throws {
        let envelopes = try Conformance.envelopes(sample)
        let expected = IndependentCount(envelopes).notPassedLocations
        let text = try render(envelopes) { RerunFormatter(output: $0) }
        var listed: Set<String> = []
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":")
            for number in parts.dropFirst() { listed.insert("\(parts[0]):\(number)") }
        }
        #expect(listed == expected)
    }

    @Test("HTML shows every feature and scenario name escaped", arguments: Conformance.cckSamples)
    func htmlContainsEscapedNames(sample: String) throws {
        let envelopes = try Conformance.envelopes(sample)
        let html = try render(envelopes) { HTMLFormatter(output: $0) }
        for case .pickle(let pickle) in envelopes {
            #expect(html.contains(HTMLEscaping.escape(pickle.name)), "\(pickle.name)")
        }
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(html.hasSuffix("</html>\n"))
    }

    @Test("merging two shards of a stream gives the counts of the full run", arguments: Conformance.cckSamples)
    func mergedShardsCountLikeTheFullRun(sample: String) throws {
        let envelopes = try Conformance.envelopes(sample)
        let (first, second) = ShardSplitter.split(envelopes)
        let merged = try ShardMerger().merge([first, second])
        let full = RunQuery()
        full.update(contentsOf: envelopes)
        let query = RunQuery()
        query.update(contentsOf: merged)
        #expect(query.statistics().scenarios == full.statistics().scenarios)
        #expect(query.statistics().steps == full.statistics().steps)
        #expect(query.pickles.count == full.pickles.count)
        #expect(query.gherkinDocuments.count == full.gherkinDocuments.count)
        #expect(query.stepDefinitions.count == full.stepDefinitions.count)
        #expect(query.success == full.success)
        #expect(query.isInterrupted == full.isInterrupted)
        let rerun = try render(merged) { RerunFormatter(output: $0) }
        #expect(rerun == (try render(envelopes) { RerunFormatter(output: $0) }), "\(rerun)")
        // Every id is defined once.
        #expect(Self.definedIds(merged).count == Set(Self.definedIds(merged)).count)
    }

    static func definedIds(_ envelopes: [Envelope]) -> [String] {
        var ids: [String] = []
        for envelope in envelopes {
            switch envelope {
            case .pickle(let pickle): ids += [pickle.id] + pickle.steps.map(\.id)
            case .testCase(let testCase): ids += [testCase.id] + testCase.testSteps.map(\.id)
            case .testCaseStarted(let started): ids.append(started.id)
            case .stepDefinition(let definition): ids.append(definition.id)
            case .hook(let hook): ids.append(hook.id)
            case .testRunHookStarted(let started): ids.append(started.id)
            default: break
            }
        }
        return ids
    }
}

enum HTMLEscaping {
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}

/// Splits a stream into two shards the way two CI jobs would have produced it: both have every static
/// message; test cases alternate between them; each shard has its own run start and finish; and the second
/// shard's dynamic ids are renumbered to collide with the first's (as two processes with incrementing ids do).
enum ShardSplitter {
    static func split(_ envelopes: [Envelope]) -> ([Envelope], [Envelope]) {
        var testCaseShard: [String: Int] = [:]
        var attemptShard: [String: Int] = [:]
        var hookRunShard: [String: Int] = [:]
        var shards: [[Envelope]] = [[], []]
        var testCaseCount = 0
        for envelope in envelopes {
            switch envelope {
            case .testCase(let testCase):
                testCaseShard[testCase.id] = testCaseCount % 2
                testCaseCount += 1
                shards[testCaseCount % 2 == 1 ? 0 : 1].append(envelope)
            case .testCaseStarted(let started):
                let shard = testCaseShard[started.testCaseId] ?? 0
                attemptShard[started.id] = shard
                shards[shard].append(envelope)
            case .testStepStarted(let event): shards[attemptShard[event.testCaseStartedId] ?? 0].append(envelope)
            case .testStepFinished(let event): shards[attemptShard[event.testCaseStartedId] ?? 0].append(envelope)
            case .testCaseFinished(let event): shards[attemptShard[event.testCaseStartedId] ?? 0].append(envelope)
            case .attachment(let attachment):
                if let id = attachment.testCaseStartedId {
                    shards[attemptShard[id] ?? 0].append(envelope)
                } else if let id = attachment.testRunHookStartedId {
                    shards[hookRunShard[id] ?? 0].append(envelope)
                } else {
                    shards[0].append(envelope)
                }
            case .suggestion:
                shards[0].append(envelope)
            case .testRunHookStarted(let started):
                hookRunShard[started.id] = 0
                shards[0].append(envelope)
            case .testRunHookFinished:
                shards[0].append(envelope)
            default:
                // Static messages and the run's start and finish go to both shards.
                shards[0].append(envelope)
                shards[1].append(envelope)
            }
        }
        return (shards[0], renumberDynamicIds(shards[1], reusing: dynamicIds(shards[0])))
    }

    /// The ids the dynamic messages of `envelopes` define, in order.
    private static func dynamicIds(_ envelopes: [Envelope]) -> [String] {
        var ids: [String] = []
        for envelope in envelopes {
            switch envelope {
            case .testRunStarted(let started): ids += started.id.map { [$0] } ?? []
            case .testCase(let testCase): ids += [testCase.id] + testCase.testSteps.map(\.id)
            case .testCaseStarted(let started): ids.append(started.id)
            default: break
            }
        }
        return ids
    }

    /// Gives the shard's dynamic ids those of the other shard, in order, as two processes numbering their ids
    /// the same way would; extra ids get new names.
    private static func renumberDynamicIds(_ envelopes: [Envelope], reusing others: [String]) -> [Envelope] {
        var map: [String: String] = [:]
        var available = others[...]
        var extra = 0
        func define(_ id: String) -> String {
            if let mapped = map[id] { return mapped }
            let newId: String
            if let reused = available.popFirst() {
                newId = reused
            } else {
                extra += 1
                newId = "extra-\(extra)"
            }
            map[id] = newId
            return newId
        }
        return envelopes.map { envelope in
            switch envelope {
            case .testRunStarted(var started):
                started.id = started.id.map(define)
                return .testRunStarted(started)
            case .testRunFinished(var finished):
                finished.testRunStartedId = finished.testRunStartedId.map { map[$0] ?? $0 }
                return .testRunFinished(finished)
            case .testCase(var testCase):
                testCase.id = define(testCase.id)
                testCase.testRunStartedId = testCase.testRunStartedId.map { map[$0] ?? $0 }
                testCase.testSteps = testCase.testSteps.map { step in
                    var step = step
                    step.id = define(step.id)
                    return step
                }
                return .testCase(testCase)
            case .testCaseStarted(var started):
                started.id = define(started.id)
                started.testCaseId = map[started.testCaseId] ?? started.testCaseId
                return .testCaseStarted(started)
            case .testStepStarted(var event):
                event.testCaseStartedId = map[event.testCaseStartedId] ?? event.testCaseStartedId
                event.testStepId = map[event.testStepId] ?? event.testStepId
                return .testStepStarted(event)
            case .testStepFinished(var event):
                event.testCaseStartedId = map[event.testCaseStartedId] ?? event.testCaseStartedId
                event.testStepId = map[event.testStepId] ?? event.testStepId
                return .testStepFinished(event)
            case .testCaseFinished(var event):
                event.testCaseStartedId = map[event.testCaseStartedId] ?? event.testCaseStartedId
                return .testCaseFinished(event)
            case .attachment(var attachment):
                attachment.testCaseStartedId = attachment.testCaseStartedId.map { map[$0] ?? $0 }
                attachment.testStepId = attachment.testStepId.map { map[$0] ?? $0 }
                return .attachment(attachment)
            default:
                return envelope
            }
        }
    }
}
