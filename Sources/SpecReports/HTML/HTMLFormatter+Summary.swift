import Messages

/// The top of the HTML report: its head, banners, totals, "What failed", the features' navigation, the filters and
/// the test run hooks that failed.
extension HTMLFormatter {
    private var verdict: (text: String, className: String) {
        if query.isInterrupted { return ("Interrupted", "verdict-interrupted") }
        return query.passes ? ("Passed", "verdict-passed") : ("Failed", "verdict-failed")
    }

    func writeHead(_ statistics: RunStatistics) {
        buffer.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        buffer.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        buffer.append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
        buffer.appendHTML(HTMLAssets.contentSecurityPolicy)
        buffer.append("\">\n<meta name=\"color-scheme\" content=\"light dark\">\n<title>")
        buffer.appendHTML("\(title) — \(verdict.text)")
        buffer.append("</title>\n<style>")
        buffer.append(HTMLAssets.css)
        buffer.append("</style>\n</head>\n<body>\n<header class=\"top\"><div class=\"wrap\"><div><h1>")
        buffer.appendHTML(title)
        buffer.append("</h1><p class=\"run-meta\">")
        var parts: [String] = []
        if let started = query.testRunStarted {
            parts.append(Self.readableDate(started.timestamp))
        }
        parts.append("took \(ReportText.humanDuration(statistics.runDuration))")
        if let meta = query.meta {
            let implementation = [meta.implementation.name, meta.implementation.version].compactMap { $0 }
            parts.append(implementation.joined(separator: " "))
            parts.append([meta.runtime.name, meta.runtime.version].compactMap { $0 }.joined(separator: " "))
            parts.append([meta.os.name, meta.os.version].compactMap { $0 }.joined(separator: " "))
            if let git = meta.ci?.git {
                parts.append([git.branch, String(git.revision.prefix(10))].compactMap { $0 }.joined(separator: " @ "))
            }
        }
        for part in parts where !part.isEmpty {
            buffer.append("<span>")
            buffer.appendHTML(part)
            buffer.append("</span>")
        }
        if let ci = query.meta?.ci, let url = ci.url, Self.isWebLink(url) {
            buffer.append("<span>")
            appendWebLink(ci.name + (ci.buildNumber.map { " #\($0)" } ?? ""), to: url)
            buffer.append("</span>")
        }
        if failingCount == 0 {
            buffer.append("</p></div><div class=\"verdict \(verdict.className)\" role=\"status\">\(verdict.text)</div>")
        } else {
            let count = failingCount
            buffer.append("</p></div><a class=\"verdict \(verdict.className)\" role=\"status\" href=\"#failures\">")
            buffer.append("\(verdict.text): \(count) scenario\(count == 1 ? "" : "s")</a>")
        }
        buffer.append("</div></header>\n<main class=\"wrap\">\n")
    }

    func writeBanners() {
        if query.isInterrupted {
            buffer.append("<div class=\"banner banner-interrupted\" role=\"alert\"><strong>Interrupted.</strong> ")
            buffer.append("The run did not finish (the stream has no <code>testRunFinished</code> message): ")
            buffer.append("this report shows what ran before it stopped.</div>\n")
        }
        if let finished = query.testRunFinished, let message = ReportText.runFailureText(finished) {
            buffer.append("<div class=\"banner banner-error\" role=\"alert\"><strong>The test run failed.</strong>")
            buffer.append("<pre>")
            buffer.appendHTML(message)
            buffer.append("</pre></div>\n")
        }
        if !query.parseErrors.isEmpty {
            buffer.append("<div class=\"banner banner-error\" role=\"alert\"><strong>Some specs could not be parsed.")
            buffer.append("</strong><pre>")
            for error in query.parseErrors {
                buffer.appendHTML(ReportText.location(error.source) + " " + error.message + "\n")
            }
            buffer.append("</pre></div>\n")
        }
        if isLarge == true {
            buffer.append("<div class=\"banner banner-interrupted\" role=\"note\"><strong>A large run.</strong> ")
            buffer.appendHTML(
                "It has \(Self.grouped(query.pickleCount)) scenarios, more than this page details "
                    + "(\(Self.grouped(detailLimit))): the page details the first \(Self.grouped(detailedCount)) that did not pass and counts the others by feature. The JUnit, "
                    + "Cucumber JSON and message reports have every one.")
            buffer.append("</div>\n")
        }
        if !query.undefinedParameterTypes.isEmpty {
            buffer.append("<div class=\"banner banner-interrupted\"><strong>Undefined parameter types.</strong><pre>")
            var seen: Set<String> = []
            for parameterType in query.undefinedParameterTypes where seen.insert(parameterType.name).inserted {
                buffer.appendHTML("{\(parameterType.name)} used in “\(parameterType.expression)”\n")
            }
            buffer.append("</pre></div>\n")
        }
    }

    func writeTotals(_ statistics: RunStatistics) {
        buffer.append("<section class=\"totals\" aria-label=\"Totals\">\n")
        writeTotalCard("Scenarios", statistics.scenarios, flaky: statistics.flakyScenarios)
        writeTotalCard("Steps", statistics.steps)
        buffer.append("<div class=\"card\"><h2>Duration</h2><div class=\"big\">")
        buffer.appendHTML(ReportText.humanDuration(statistics.runDuration))
        buffer.append("</div><div class=\"legend\"><span>executing steps <b>")
        buffer.appendHTML(ReportText.humanDuration(statistics.stepsDuration))
        buffer.append("</b></span>")
        let failing = statistics.failingScenarios
        buffer.append("<span><b>\(failing)</b> failing scenario\(failing == 1 ? "" : "s")</span></div></div>\n")
        writeEnvironment()
        buffer.append("</section>\n")
    }

    private func writeTotalCard(_ name: String, _ counts: StatusCounts, flaky: Int = 0) {
        let total = counts.total
        buffer.append("<div class=\"card\"><h2>\(name)</h2><div class=\"big\">\(total)")
        let passed = counts[.passed]
        if total > 0 { buffer.append("<small>\(passed * 100 / total)% passed</small>") }
        buffer.append("</div>")
        buffer.append("<svg class=\"bar\" viewBox=\"0 0 1000 8\" preserveAspectRatio=\"none\" role=\"img\" ")
        buffer.append("aria-label=\"\(name) by status\" width=\"100%\" height=\"8\">")
        var x = 0
        for status in StatusCounts.reportOrder where counts[status] > 0 && total > 0 {
            let width = counts[status] * 1000 / total
            buffer.append("<rect class=\"s-\(Self.className(status))\" x=\"\(x)\" y=\"0\" width=\"\(max(width, 4))\"")
            buffer.append(" height=\"8\"></rect>")
            x += width
        }
        buffer.append("</svg><div class=\"legend\">")
        for status in StatusCounts.reportOrder where counts[status] > 0 {
            buffer.append("<span><b>\(counts[status])</b> \(Self.label(status))</span>")
            if status == .passed && flaky > 0 {
                buffer.append("<span class=\"flaky\">of which <b>\(flaky)</b> flaky</span>")
            }
        }
        if total == 0 { buffer.append("<span>none</span>") }
        buffer.append("</div></div>\n")
    }

    /// "What failed", first on the page: the failing scenarios grouped by failure category (the team's categories,
    /// then the built-in ones), each group with its count; each scenario with its failing step, the whole of
    /// its message and the step's `file:line`, linked to the scenario below.
    func writeFailures() {
        guard failingCount > 0 else { return }
        buffer.append("<section class=\"failures\" id=\"failures\" aria-label=\"What failed\"><h2>What failed ")
        buffer.append("<span class=\"label\">\(failingCount) scenario\(failingCount == 1 ? "" : "s")</span></h2>")
        let names = categories.orderedNames.filter { categoryCounts[$0, default: 0] > 0 }
        buffer.append("<p class=\"categories\">")
        for (index, name) in names.enumerated() {
            buffer.append("<a class=\"chip category\" href=\"#category-\(index)\">")
            buffer.appendHTML(name)
            buffer.append(" <span class=\"label\">\(categoryCounts[name, default: 0])</span></a>")
        }
        buffer.append("</p>")
        for (index, name) in names.enumerated() {
            let count = categoryCounts[name, default: 0]
            buffer.append("<h3 class=\"category\" id=\"category-\(index)\">")
            buffer.appendHTML(name)
            buffer.append(" <span class=\"label\">\(count) scenario\(count == 1 ? "" : "s")</span></h3><ol>")
            for item in failing where item.categories.contains(name) { buffer.append(item.item) }
            buffer.append("</ol>")
        }
        if failingCount > failingShown {
            buffer.append("<p class=\"not-run\">…and \(failingCount - failingShown) more: filter by status below.</p>")
        }
        buffer.append("</section>\n")
    }

    /// One failing scenario of "What failed".
    func writeFailure(_ attempt: TestCaseAttempt, pickle: Pickle) {
        let status = attempt.status
        buffer.append("<li class=\"s-\(Self.className(status))\">")
        writeIcon(status)
        buffer.append("<div><a href=\"#\(Self.anchor(pickle.id))\">")
        if let feature = query.lineage(of: pickle)?.feature.name, !feature.isEmpty {
            buffer.appendHTML(feature + " › ")
        }
        buffer.appendHTML(pickle.name)
        buffer.append("</a>")
        if let (text, message, location) = failingStep(of: attempt, pickle: pickle) {
            buffer.append("<div class=\"failure-step\"><span class=\"step-text\">")
            buffer.appendHTML(text)
            buffer.append("</span> <span class=\"mono\">")
            buffer.appendHTML(location)
            buffer.append("</span></div><div class=\"failure-message\">")
            buffer.appendHTML(message)
            buffer.append("</div>")
        }
        buffer.append("</div></li>")
    }

    /// The first step of `attempt` that did not pass or skip: its text, the whole of what went wrong (the
    /// explanation every report gives), and where: its `.feature` place and the Swift line that failed.
    private func failingStep(of attempt: TestCaseAttempt, pickle: Pickle) -> (String, String, String)? {
        guard let problem = query.problems(in: attempt).first else { return nil }
        let location = [problem.featurePlace.description, problem.codePlace?.description].compactMap { $0 }
        return (problem.title, problem.explanation, location.joined(separator: " · "))
    }

    /// A feature's entry in the navigation: its link and its scenario counts by status.
    func writeNavigationEntry(index: Int, name: String, _ counts: StatusCounts) {
        buffer.append("<li><a href=\"#f-\(index)\">")
        buffer.appendHTML(name)
        buffer.append("</a>")
        for status in StatusCounts.reportOrder where counts[status] > 0 && status != .passed {
            buffer.append("<span class=\"pill s-\(Self.className(status))\">\(counts[status])</span>")
        }
        if counts[.passed] > 0 {
            buffer.append("<span class=\"pill s-passed\">\(counts[.passed])</span>")
        }
        buffer.append("</li>")
    }

    func writeToolbar() {
        buffer.append("<section class=\"toolbar\" aria-label=\"Filters\">\n<div class=\"row\">")
        buffer.append("<input id=\"search\" class=\"search\" type=\"search\" placeholder=\"Search features, ")
        buffer.append("scenarios, steps…\" aria-label=\"Search\" autocomplete=\"off\">")
        buffer.append("<button type=\"button\" class=\"link-button\" id=\"expand-all\">Expand all</button>")
        buffer.append("<button type=\"button\" class=\"link-button\" id=\"collapse-all\">Collapse all</button>")
        buffer.append("</div>\n<div class=\"row\"><span class=\"label\">Status</span>")
        let tags = tagCounts
        let notRun = max(query.pickleCount - ranPickles, 0)
        for status in StatusCounts.reportOrder where statuses[status] > 0 || (status == .unknown && notRun > 0) {
            let count = statuses[status] + (status == .unknown ? notRun : 0)
            buffer.append("<button type=\"button\" class=\"chip s-\(Self.className(status))\" ")
            buffer.append("data-filter-status=\"\(Self.className(status))\" aria-pressed=\"false\">")
            buffer.append("<span class=\"dot\"></span>\(Self.label(status)) \(count)</button>")
        }
        buffer.append("<span class=\"shown\" id=\"shown\" aria-live=\"polite\"></span></div>\n")
        if !tags.isEmpty {
            buffer.append("<div class=\"row\"><span class=\"label\">Tags</span>")
            for tag in tags.keys.sorted() {
                buffer.append("<button type=\"button\" class=\"chip tag\" data-filter-tag=\"")
                buffer.appendHTML(tag)
                buffer.append("\" aria-pressed=\"false\">")
                buffer.appendHTML(tag)
                buffer.append(" <span class=\"label\">\(tags[tag] ?? 0)</span></button>")
            }
            buffer.append("</div>\n")
        }
        buffer.append("</section>\n")
    }

    func writeRunHookFailures() {
        let failed = query.testRunHookExecutions.filter {
            guard let status = $0.result?.status else { return false }
            return status != .passed && status != .skipped
        }
        let withAttachments = query.testRunHookExecutions.filter { !$0.attachments.isEmpty }
        guard !failed.isEmpty || !withAttachments.isEmpty || !query.runAttachments.isEmpty else { return }
        buffer.append("<article class=\"feature\"><div class=\"feature-head\"><h2>Test run hooks</h2></div>")
        buffer.append("<div class=\"feature-body\"><ol class=\"steps\">")
        var seen: Set<String> = []
        for execution in failed + withAttachments where seen.insert(execution.started.id).inserted {
            let status = execution.result?.status ?? .unknown
            buffer.append("<li class=\"s-\(Self.className(status))\">")
            writeIcon(status)
            buffer.append("<div class=\"step-main\"><div class=\"step-line\"><span class=\"step-text\"><b>")
            buffer.appendHTML(ReportText.hookKeyword(execution.hook, isBefore: true))
            buffer.append("</b></span><span class=\"step-meta\">")
            if let hook = execution.hook { buffer.appendHTML(ReportText.location(hook.sourceReference)) }
            buffer.append("</span></div>")
            if let result = execution.result, status == .failed {
                writeError(ReportText.failureText(result), where: nil)
            }
            writeAttachments(execution.attachments)
            buffer.append("</div></li>")
        }
        if !query.runAttachments.isEmpty {
            buffer.append("<li class=\"s-unknown\"><div class=\"step-main\">")
            writeAttachments(query.runAttachments)
            buffer.append("</div></li>")
        }
        buffer.append("</ol></div></article>\n")
    }

    static func readableDate(_ timestamp: Timestamp) -> String {
        let iso = ReportText.isoTimestamp(timestamp)
        // `2024-05-01T12:34:56.789Z` → `2024-05-01 12:34 UTC`
        return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(5)) + " UTC"
    }
}
