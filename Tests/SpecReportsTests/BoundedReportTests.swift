import Foundation
import Messages
import TestSupport
import Testing

@testable import SpecReports

/// What keeps the reports of a large run bounded: the spool files and their binary form, the order pieces are put
/// back in, and the limits past which a report folds what it details (and says so).
@Suite("Bounded reports")
struct BoundedReportTests {
    // MARK: Spooling

    @Test(
        "every document, pickle, test case and source reads back from the spool's binary form as it was",
        .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"),
        arguments: Conformance.cckSamples)
    func binaryFormRoundTrips(sample: String) throws {
        for envelope in try Conformance.envelopes(sample) {
            var writer = SpoolWriter()
            switch envelope {
            case .source(let source):
                writer.source(source)
                #expect(
                    writer.bytes.withUnsafeBytes {
                        var reader = SpoolReader($0); return reader.source()
                    } == source)
            case .gherkinDocument(let document):
                writer.document(document)
                let read = writer.bytes.withUnsafeBytes {
                    var reader = SpoolReader($0); return reader.document()
                }
                #expect(read == document)
            case .pickle(let pickle):
                writer.pickle(pickle)
                #expect(
                    writer.bytes.withUnsafeBytes {
                        var reader = SpoolReader($0); return reader.pickle()
                    } == pickle)
            case .testCase(let testCase):
                writer.testCase(testCase)
                let read = writer.bytes.withUnsafeBytes {
                    var reader = SpoolReader($0); return reader.testCase()
                }
                #expect(read == testCase)
            default:
                continue
            }
        }
    }

    @Test("a spool cut short reads as damaged, never past its end")
    func damagedSpoolIsSaid() {
        var writer = SpoolWriter()
        writer.string("a pickle id that is long enough")
        writer.int(-42)
        let cut = Array(writer.bytes.prefix(10))
        cut.withUnsafeBytes { bytes in
            var reader = SpoolReader(bytes)
            #expect(reader.string() == "")
            #expect(reader.isDamaged)
        }
        writer.bytes.withUnsafeBytes { bytes in
            var reader = SpoolReader(bytes)
            #expect(reader.string() == "a pickle id that is long enough")
            #expect(reader.int() == -42)
            #expect(!reader.isDamaged && reader.isAtEnd)
        }
    }

    @Test("a spool file past its memory budget moves to an unlinked temporary file and reads back the same bytes")
    func spoolFileSpillsToDisk() throws {
        let file = SpoolFile(purpose: "a test", memoryBudget: 100)
        var expected: [UInt8] = []
        var offsets: [(Int, [UInt8])] = []
        for index in 0..<2_000 {
            let bytes = Array("record \(index);".utf8)
            offsets.append((file.append(bytes), bytes))
            expected += bytes
        }
        #expect(file.isOnDisk)
        var read: [UInt8] = []
        for (offset, bytes) in offsets.shuffled().prefix(50) {
            file.read(offset: offset, length: bytes.count, into: &read)
            #expect(read == bytes)
        }
        let output = MemoryOutput()
        try file.copy(into: output)
        #expect(output.bytes == expected)
        #expect(file.error == nil)
    }

    @Test("pieces made in any order are handed on in key order, those waiting kept on disk past the budget")
    func orderedFragmentsRestoreOrder() throws {
        let fragments = OrderedFragments(purpose: "a test", memoryBudget: 16)
        var handed: [(Int, String)] = []
        let keys = [3, 0, 5, 1, 2, 9, 4, 7]
        for key in keys {
            try fragments.add(key, Array("piece \(key) with some text".utf8)) { key, bytes in
                handed.append((key, String(decoding: bytes, as: UTF8.self)))
            }
        }
        #expect(handed.map(\.0) == [0, 1, 2, 3, 4, 5])
        try fragments.finish(upTo: 10, making: { Array("made \($0)".utf8) }) { key, bytes in
            handed.append((key, String(decoding: bytes, as: UTF8.self)))
        }
        #expect(handed.map(\.0) == Array(0..<10))
        #expect(handed[3].1 == "piece 3 with some text")
        #expect(handed[6].1 == "made 6")
        #expect(handed[9].1 == "piece 9 with some text")
    }

    @Test(
        "every formatter writes the same report when the streaming query keeps nothing in memory it can spool",
        .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"),
        arguments: Conformance.cckSamples)
    func sameReportsFromDisk(sample: String) throws {
        let envelopes = try Conformance.envelopes(sample)
        let everything = try StreamingQueryTests.reports(envelopes, retention: .everything)
        let query = RunQuery(retention: .streaming, tuning: .init(spoolMemoryBudget: 0, unusedDocumentsKept: 0))
        let made = StreamingQueryTests.formatters(query)
        let reporter = Reporter(query: query, formatters: made.map(\.formatter))
        for envelope in envelopes { try reporter.consume(envelope) }
        try reporter.finish()
        for (name, output, _) in made {
            #expect(output.text == everything[name], "\(name)")
        }
    }

    @Test("test cases started far from the order they were sent in are found again (every id is then indexed)")
    func testCasesFarOutOfOrder() throws {
        var builder = StreamBuilder()
        for index in 0..<600 { builder.scenario("Scenario \(index)", [.passed("a step \(index)")]) }
        let envelopes = builder.build()
        try StreamingQueryTests.expectSameReports(StreamBuilder.withExecutionsReversed(envelopes), "reversed")
    }

    // MARK: Limits

    @Test(
        "Markdown counts an undefined step once however many examples rows run it",
        .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"),
        arguments: ["examples-tables-undefined-multiple", "examples-tables-undefined", "undefined"])
    func markdownCountsEachUndefinedPlaceOnce(sample: String) throws {
        let envelopes = try Conformance.envelopes(sample)
        let query = RunQuery()
        query.update(contentsOf: envelopes)
        var places: Set<String> = []
        for attempt in query.countedAttempts {
            for (index, step) in attempt.testCase.testSteps.enumerated()
            where attempt.stepResults[index]?.status == .undefined {
                guard let pickleStep = step.pickleStepId.flatMap({ query.pickleStep(id: $0) }) else { continue }
                places.insert("\(attempt.pickle?.uri ?? ""):\(query.gherkinStep(of: pickleStep)?.location.line ?? 0)")
            }
        }
        for retention in [RunQuery.Retention.everything, .streaming] {
            let markdown = try StreamingQueryTests.reports(envelopes, retention: retention)["markdown"] ?? ""
            #expect(markdown.contains("### Undefined steps (\(places.count))\n"), "\(retention)")
        }
    }

    /// A run of `features` features of `scenarios` scenarios each; every `failEvery`-th scenario fails.
    static func largeRun(features: Int, scenarios: Int, failEvery: Int) -> [Envelope] {
        var streams: [[Envelope]] = []
        for feature in 0..<features {
            var builder = StreamBuilder(uri: "features/f\(feature).feature", featureName: "Feature \(feature)")
            builder.idPrefix = "f\(feature)-"
            for index in 0..<scenarios {
                let number = feature * scenarios + index
                builder.scenario(
                    "Scenario \(number)",
                    [number % failEvery == 0 ? .failed("it breaks \(number)") : .passed("it works \(number)")])
            }
            streams.append(builder.build())
        }
        return StreamBuilder.concatenate(streams)
    }

    @Test(
        "the HTML report writes its counts with grouped thousands, whatever the locale",
        arguments: [
            (0, "0"), (999, "999"), (1_000, "1,000"), (10_000, "10,000"), (1_234_567, "1,234,567"), (-4_500, "-4,500"),
        ]
    )
    func groupedCounts(count: Int, text: String) {
        #expect(HTMLFormatter.grouped(count) == text)
    }

    @Test("the HTML report of a run larger than its limit details what did not pass and says what it folded")
    func htmlFoldsPassingScenariosPastItsLimit() throws {
        let envelopes = Self.largeRun(features: 6, scenarios: 4, failEvery: 5)
        let everything = try render(envelopes) { HTMLFormatter(output: $0) }
        for retention in [RunQuery.Retention.everything, .streaming] {
            let query = RunQuery(retention: retention)
            let output = MemoryOutput()
            let formatter = HTMLFormatter(
                output: output, title: "Large", tagLinks: TagLinks(), history: nil, detailLimit: 3,
                query: query)
            try formatter.format(envelopes)
            let html = output.text
            // Scenarios 0, 5, 10, 15 and 20 fail: the first three are detailed, the others only counted.
            for number in 0..<24 {
                let detailed = [0, 5, 10].contains(number)
                #expect(html.contains(">Scenario \(number)</span>") == detailed, "scenario \(number), \(retention)")
                #expect(everything.contains(">Scenario \(number)</span>"))
            }
            #expect(html.contains("<strong>A large run.</strong> It has 24 scenarios, more than this page details (3)"))
            #expect(html.contains("only counted above"))
            // Feature 4 and 5 have no detailed scenario: a row each among the features not detailed.
            #expect(html.contains("<h2>Features not detailed</h2>"))
            #expect(html.contains("<tr id=\"f-4\"><td>Feature 4</td>"))
            #expect(html.contains("<tr id=\"f-5\"><td>Feature 5</td>"))
            #expect(!html.contains("<tr id=\"f-0\">"))
            // The totals still count every scenario.
            #expect(html.contains("<h2>Scenarios</h2><div class=\"big\">24"))
            #expect(html.contains("What failed <span class=\"label\">5 scenarios</span>"))
        }
        #expect(!everything.contains("A large run."))
    }

    @Test("the usage report of a run past its limit lists each definition's slowest steps and says so")
    func usageFoldsPastItsLimit() throws {
        var builder = StreamBuilder()
        for index in 0..<12 { builder.scenario("Scenario \(index)", [.passed("a step", milliseconds: index + 1)]) }
        let envelopes = builder.build()
        let all = try render(envelopes) { UsageFormatter(output: $0) }
        #expect(all.contains("│ 12   │"))
        let output = MemoryOutput()
        try UsageFormatter(output: output, maxMatchesShown: nil, matchLimit: 5, query: RunQuery(retention: .streaming))
            .format(envelopes)
        let folded = output.text
        #expect(folded.contains("│ 12   │"), "the uses count every step")
        #expect(folded.contains("2 more"))
        #expect(folded.contains("The run matched more than 5 steps: each step definition lists its 10 slowest."))
        // The ten slowest (12 ms down to 3 ms) are listed; the two fastest are not.
        #expect(folded.contains("12.00ms") && folded.contains("3.00ms") && !folded.contains(" 1.00ms"))
    }

    @Test("past its limit, the usage report names the slowest steps by their own texts and places, however many came")
    func usageKeepsTheTextsOfItsSlowestSteps() throws {
        // Two definitions. The first matches its ten slowest steps first. Then the second matches 4,500 steps of
        // distinct texts, each slower than the last: each is among its slowest when it comes, and once the texts of
        // steps dropped since pass 4,096 every text kept is numbered again, the first definition's too.
        var builder = StreamBuilder()
        for index in 0..<10 {
            builder.scenario("Slow \(index)", [.passed("slow step \(index)", milliseconds: 100_000 - index)])
        }
        for index in 0..<4_500 {
            builder.scenario("Rising \(index)", [.passed("rising step \(index)", milliseconds: index + 1)])
        }
        let built = builder.build()
        var textByPickleStep: [String: String] = [:]
        var definitionByPrefix: [String: String] = [:]
        for envelope in built {
            if case .pickle(let pickle) = envelope {
                for step in pickle.steps { textByPickleStep[step.id] = step.text }
            }
            if case .stepDefinition(let definition) = envelope {
                let prefix = String(definition.pattern.source.prefix(4))
                if definitionByPrefix[prefix] == nil { definitionByPrefix[prefix] = definition.id }
            }
        }
        let kept = Set(definitionByPrefix.values)
        let envelopes = built.compactMap { envelope -> Envelope? in
            switch envelope {
            case .stepDefinition(let definition):
                return kept.contains(definition.id) ? envelope : nil
            case .testCase(var testCase):
                for index in testCase.testSteps.indices {
                    guard let text = testCase.testSteps[index].pickleStepId.flatMap({ textByPickleStep[$0] }) else {
                        continue
                    }
                    testCase.testSteps[index].stepDefinitionIds = [definitionByPrefix[String(text.prefix(4))] ?? ""]
                }
                return .testCase(testCase)
            default:
                return envelope
            }
        }
        let output = MemoryOutput()
        try UsageFormatter(output: output, maxMatchesShown: nil, matchLimit: 5, query: RunQuery(retention: .streaming))
            .format(envelopes)
        let rows = output.text.split(separator: "\n")
        let slow = rows.filter { $0.hasPrefix("│   slow step") }
        #expect(slow.count == 10)
        for (index, row) in slow.enumerated() {
            #expect(row.contains("slow step \(index) "), "\(row)")
            #expect(row.contains("\(100_000 - index).00ms"), "\(row)")
            #expect(row.contains(":\(StreamBuilder.line(ofScenario: index) + 1) "), "\(row)")
        }
        let rising = rows.filter { $0.hasPrefix("│   rising step") }
        #expect(rising.count == 10)
        for (offset, row) in rising.enumerated() {
            let index = 4_499 - offset
            #expect(row.contains("rising step \(index) "), "\(row)")
            #expect(row.contains(":\(StreamBuilder.line(ofScenario: 10 + index) + 1) "), "\(row)")
        }
    }

    @Test("the console keeps the text of the failures it lists only, however many scenarios fail")
    func consoleKeepsOnlyListedFailures() throws {
        var builder = StreamBuilder()
        for index in 0..<250 { builder.scenario("Failing \(index)", [.failed("it breaks \(index)")]) }
        let query = RunQuery(retention: .streaming)
        var listing = IssueListing(style: .plain, limit: 100)
        for envelope in builder.build() {
            query.update(envelope)
            if let run = query.justSettled { listing.add(run, query: query) }
            query.releaseSettledTestCases()
        }
        #expect(listing.failures.count == 100)
        #expect(listing.failureCount == 250)
        #expect(listing.failures.first?.contains("Scenario: Failing 0 #") == true)
        #expect(listing.failures.last?.contains("Scenario: Failing 99 #") == true)
        let text = SummaryText(query: query, style: .plain, history: nil, listing: listing).text
        #expect(text.contains("…and 150 more failures not listed here"))
        #expect(text.contains("250 scenarios (250 failed)"))
    }
}
