import Foundation
import Messages
import Testing

@testable import SpecReports

@Suite struct ReportEnvironmentTests {
    @Test func `entries are NAME=VALUE, split at the first =, a name given again keeping its place`() throws {
        let environment = try ReportEnvironment(parsing: ["app=2.3.0", "url=https://x.example/?a=b", "app=2.4", "e="])
        #expect(
            environment.custom == [
                .init(name: "app", value: "2.4"), .init(name: "url", value: "https://x.example/?a=b"),
                .init(name: "e", value: ""),
            ])
        #expect(throws: ReportEnvironmentError.self) { try ReportEnvironment(parsing: ["novalue"]) }
        #expect(throws: ReportEnvironmentError.self) { try ReportEnvironment(parsing: [" =x"]) }
    }

    @Test func `the CI's facts come first; only http and https addresses become links`() throws {
        var meta = Meta.current(implementation: Product(name: "feed-specs"))
        meta.ci = Ci(
            name: "Jenkins", url: "javascript:alert(1)", buildNumber: "12",
            git: Git(remote: "https://git.example/feed.git", revision: "abc", branch: "main", tag: "v1"))
        let entries = try ReportEnvironment(parsing: ["app=1"]).entries(meta: meta)
        #expect(entries.map(\.name) == ["CI", "Build", "Branch", "Tag", "Commit", "Repository", "app"])
        #expect(entries[0].link == nil, "a javascript: address is no link")
        #expect(entries[5].link == "https://git.example/feed.git")
        #expect(ReportEnvironment().entries(meta: nil).isEmpty)
    }

    @Test func `the HTML card escapes every fact`() throws {
        let output = MemoryOutput()
        let formatter = HTMLFormatter(output: output)
        formatter.environment = try ReportEnvironment(parsing: ["<b>name</b>=\"quoted\" & <script>"])
        try formatter.finish()
        let page = output.text
        #expect(page.contains("<dt>&lt;b&gt;name&lt;/b&gt;</dt><dd>&quot;quoted&quot; &amp; &lt;script&gt;</dd>"))
    }
}

@Suite struct CIDetectionTests {
    @Test func `GitHub Actions: the run's page, its branch, or its tag, or a pull request's head branch`() {
        let base = [
            "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/feed", "GITHUB_RUN_ID": "42",
            "GITHUB_SHA": "abc", "GITHUB_REF": "refs/heads/main", "GITHUB_REF_NAME": "main",
        ]
        let ci = Ci.detect(environment: base)
        #expect(ci?.name == "GitHub Actions")
        #expect(ci?.url == "https://github.com/acme/feed/actions/runs/42")
        #expect(ci?.git == Git(remote: "https://github.com/acme/feed.git", revision: "abc", branch: "main"))
        var tagged = base
        tagged["GITHUB_REF"] = "refs/tags/v2"
        tagged["GITHUB_REF_NAME"] = "v2"
        #expect(Ci.detect(environment: tagged)?.git?.tag == "v2")
        #expect(Ci.detect(environment: tagged)?.git?.branch == nil)
        var pullRequest = base
        pullRequest["GITHUB_REF"] = "refs/pull/7/merge"
        pullRequest["GITHUB_HEAD_REF"] = "feature"
        #expect(Ci.detect(environment: pullRequest)?.git?.branch == "feature")
    }

    @Test func `a repository address loses its user and password`() {
        #expect(
            Ci.withoutCredentials("https://gitlab-ci-token:SECRET@gitlab.example/a/b.git")
                == "https://gitlab.example/a/b.git")
        #expect(Ci.withoutCredentials("git@github.com:a/b.git") == "git@github.com:a/b.git")
        #expect(Ci.withoutCredentials("https://x.example/a@b") == "https://x.example/a@b")
    }

    @Test func `outside a CI, or without a revision, nothing is made up`() {
        #expect(Ci.detect(environment: ["HOME": "/root"]) == nil)
        let ci = Ci.detect(environment: ["CIRCLECI": "true", "CIRCLE_BUILD_URL": "https://circleci.example/1"])
        #expect(ci?.name == "CircleCI")
        #expect(ci?.git == nil)
    }
}

@Suite struct HistoryEnvironmentTests {
    @Test func `each run of the history keeps where it happened, in order; a malformed fact is left out`() throws {
        let run = RunHistory.Run(
            startedAt: "2026-11-28T09:00:00Z", success: true, scenarios: [:], milliseconds: 12,
            environment: [.init(name: "Branch", value: "main"), .init(name: "app", value: "2.3.0")])
        let history = RunHistory(runs: [run, RunHistory.Run(startedAt: "x", success: false, scenarios: [:])])
        let decoded = try #require(RunHistory.decode(history.encoded, limit: 30))
        #expect(decoded.runs == history.runs)
        guard case .object(var object) = history.encoded, case .array(var runs)? = object["runs"],
            case .object(var first) = runs[0]
        else {
            Issue.record("the history is not an object of runs")
            return
        }
        first["environment"] = .array([.array([.string("ok"), .string("1")]), .array([.string("only a name")])])
        runs[0] = .object(first)
        object["runs"] = .array(runs)
        let tolerant = try #require(RunHistory.decode(.object(object), limit: 30))
        #expect(tolerant.runs[0].environment == [.init(name: "ok", value: "1")])
    }
}
