import Foundation
import Messages
import TestSupport
import Testing

@testable import SpecReports

@Suite("HTML report")
struct HTMLFormatterTests {
    private static let injection = "<script>alert('x')</script><img src=x onerror=alert(1)>\"'&"

    private func hostileStream() -> [Envelope] {
        var builder = StreamBuilder(featureName: Self.injection)
        var step = StreamBuilder.StepSpec.failed("a step with \(Self.injection)", message: Self.injection)
        step.docString = Self.injection
        step.attachment = (Self.injection, "text/plain")
        var table = StreamBuilder.StepSpec.passed("a table")
        table.table = [[Self.injection, "b"]]
        builder.scenario(Self.injection, tags: ["@<b>bold</b>"], [table, step])
        return builder.build()
    }

    @Test("text from the stream cannot inject markup or script")
    func noInjection() throws {
        let html = try render(hostileStream()) { HTMLFormatter(output: $0) }
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<b>bold"))
        #expect(
            html.contains(
                "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;"))
        // Only the report's own script element.
        #expect(html.components(separatedBy: "<script").count == 2)
    }

    @Test("the page pins its own style and script with hashes and loads nothing from the network")
    func contentSecurityPolicy() throws {
        let html = try render(hostileStream()) { HTMLFormatter(output: $0) }
        let policy = HTMLAssets.contentSecurityPolicy
        #expect(policy.contains("default-src 'none'"))
        #expect(policy.contains("script-src 'sha256-"))
        #expect(!policy.contains("unsafe-inline"))
        #expect(html.contains("<style>\(HTMLAssets.css)</style>"))
        #expect(html.contains("<script>\(HTMLAssets.script)</script>"))
        #expect(!html.contains("src=\"http"))
    }

    @Test("SHA-256 matches the standard test vectors")
    func sha256() {
        func hex(_ text: String) -> String {
            SHA256.digest(Array(text.utf8)).map {
                String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
            }.joined()
        }
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("counts by status, failures with file:line, snippets and the step catalog are shown")
    func content() throws {
        var builder = StreamBuilder()
        builder.scenario("Loads the feed", [.passed("a remote feed"), .failed("it shows 3 images")])
        builder.scenario("Missing", [.undefined("a missing step")])
        var stream = builder.build()
        stream.insert(
            .stepDefinition(
                StepDefinition(
                    id: "never",
                    pattern: StepDefinitionPattern(source: "a step nobody uses", type: .cucumberExpression),
                    sourceReference: SourceReference(uri: "Sources/Unused.swift", location: Location(line: 9)))),
            at: 2)
        let html = try render(stream) { HTMLFormatter(output: $0) }
        #expect(
            html.contains(
                "<a class=\"verdict verdict-failed\" role=\"status\" href=\"#failures\">Failed: 2 scenarios</a>"))
        #expect(html.contains("<span><b>1</b> failed</span><span><b>1</b> undefined</span>"))
        #expect(
            html.contains("<pre>expected 1, got 2</pre><p class=\"where\">at <code>features/sample.feature:5</code>"))
        #expect(html.contains("Implement it with:\n\n  steps.given(&quot;a missing step&quot;) { world in }"))
        #expect(html.contains("<code>a step nobody uses</code><span class=\"badge\">unused</span>"))
        #expect(html.contains("<td class=\"loc mono\">Sources/Unused.swift:9</td>"))
        #expect(html.contains("data-filter-status=\"failed\""))
        #expect(html.contains("class=\"scenario s-failed\" data-status=\"failed\" data-tags=\"\" open>"))
    }

    @Test("what failed comes first, before the filters and the features, each linked to its scenario's card")
    func failuresFirst() throws {
        var builder = StreamBuilder()
        builder.scenario("Passing", [.passed("a remote feed")])
        builder.scenario("Loads the feed", [.passed("a remote feed"), .failed("it shows 3 images")])
        builder.scenario("Missing", [.passed("a remote feed"), .undefined("a remote fed")])
        let html = try render(builder.build()) { HTMLFormatter(output: $0) }
        let failures = try #require(html.range(of: "<section class=\"failures\" id=\"failures\""))
        let toolbar = try #require(html.range(of: "<section class=\"toolbar\""))
        let features = try #require(html.range(of: "<section id=\"features\""))
        #expect(failures.upperBound < toolbar.lowerBound && toolbar.upperBound < features.lowerBound)
        let section = String(html[failures.lowerBound..<toolbar.lowerBound])
        #expect(section.contains("2 scenarios"))
        #expect(section.contains("Sample › Loads the feed"))
        #expect(section.contains("Then it shows 3 images"))
        #expect(section.contains("expected 1, got 2"))
        #expect(section.contains("Did you mean:\n  &quot;a remote feed&quot;"))
        #expect(!section.contains("Passing"))
        let anchors = section.components(separatedBy: "href=\"#").dropFirst().compactMap {
            $0.split(separator: "\"").first
        }.filter { !$0.hasPrefix("category-") }
        #expect(anchors.count == 2)
        // Grouped by category, each with its count: the failed step is a product defect, the other undefined.
        #expect(section.contains("<h3 class=\"category\" id=\"category-0\">Product defects"))
        #expect(section.contains("<h3 class=\"category\" id=\"category-1\">Undefined steps"))
        #expect(section.contains("Product defects <span class=\"label\">1</span></a>"))
        for anchor in anchors { #expect(html.contains("<details id=\"\(anchor)\"")) }
        // Each failing scenario's card names its category too; the passing one names none.
        let cards = String(html[features.lowerBound...])
        #expect(cards.contains("title=\"failure category\">Product defects</span>"))
        #expect(cards.contains("title=\"failure category\">Undefined steps</span>"))
        #expect(cards.components(separatedBy: "title=\"failure category\"").count - 1 == 2)
    }

    @Test(
        "an outline shows its steps once and one examples table with each row's status, linked to the row",
        .enabled(if: Conformance.isAvailable, "needs ../shared/conformance beside the package"))
    func outlineExamplesTable() throws {
        let html = try render(Conformance.envelopes("examples-tables")) { HTMLFormatter(output: $0) }
        #expect(html.components(separatedBy: "<section class=\"outline\">").count - 1 == 2)
        #expect(html.contains("<caption><span class=\"kw\">Examples:</span> These are failing</caption>"))
        let rows = html.components(separatedBy: "<tr class=\"s-").dropFirst()
        #expect(rows.contains { $0.hasPrefix("failed") })
        #expect(rows.contains { $0.hasPrefix("passed") })
        #expect(
            html.contains(
                "<ol class=\"template\"><li><span class=\"kw\">Given</span> there are &lt;start&gt; cucumbers"))
    }

    @Test("an interrupted run has a banner and scenarios that did not run are marked")
    func interrupted() throws {
        var builder = StreamBuilder()
        builder.scenario("Done", [.passed("a step")])
        builder.scenario("Cut", [.passed("a step"), .passed("another step")], unfinished: true)
        builder.finished = false
        let html = try render(builder.build()) { HTMLFormatter(output: $0) }
        #expect(html.contains("<div class=\"banner banner-interrupted\" role=\"alert\"><strong>Interrupted.</strong>"))
        #expect(html.contains("verdict-interrupted"))
        #expect(html.contains("not run"))
    }

    @Test("images are embedded as data URIs and unsafe media types are neutralised")
    func attachments() {
        let image = Attachment(body: "iVBORw0KGgo=\"><script>", contentEncoding: .base64, mediaType: "image/png")
        #expect(HTMLFormatter.base64(of: image) == "iVBORw0KGgo=script")
        #expect(HTMLFormatter.safeMediaType("image/png") == "image/png")
        #expect(HTMLFormatter.safeMediaType("text/html\"><script>") == "application/octet-stream")
        #expect(HTMLFormatter.safeMediaType("text/plain; charset=utf-8") == "text/plain")
        #expect(!HTMLFormatter.isWebLink("javascript:alert(1)"))
        #expect(HTMLFormatter.isWebLink("https://example.com"))
        let text = Attachment(body: "aGVsbG8=", contentEncoding: .base64, mediaType: "text/plain")
        #expect(HTMLFormatter.text(of: text) == "hello")
    }
}
