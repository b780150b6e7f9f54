import Messages

/// The kept runs as pictures, drawn by the page itself (inline SVG: no script, no network): each run's scenarios
/// by status and its duration, each run linked to what changed in it; then the least stable scenarios and
/// features over those runs.
extension HTMLFormatter {
    /// The most runs drawn (the latest ones).
    static let trendRuns = 60
    /// The most scenarios and features listed as the least stable, and changes listed per run.
    static let trendListLimit = 10
    static let changesPerRun = 50

    /// Writes the trends of `history` (this run last), when it holds two runs or more.
    func writeTrends(_ history: RunHistory, keys: [String: String]) {
        guard history.runs.count >= 2 else { return }
        let first = max(0, history.runs.count - Self.trendRuns)
        let runs = Array(history.runs[first...])
        let counts = Array(history.counts[first...])
        buffer.append("<section class=\"trends\" id=\"trends\" aria-label=\"Trends\">")
        buffer.append("<h2>Trends <span class=\"label\">the last \(runs.count) runs</span></h2>")
        writeStatusChart(runs, counts: counts, firstIndex: first)
        writeDurationChart(runs, firstIndex: first)
        buffer.append(
            "<p class=\"legend\"><span class=\"key t-passed\"></span>passed <span class=\"key t-flaky\"></span>flaky "
                + "<span class=\"key t-failed\"></span>failed <span class=\"key t-other\"></span>undefined, pending, "
                + "ambiguous or skipped · each bar links to what changed in its run</p>")
        writeStability(history, keys: keys)
        writeRunChanges(history, firstIndex: first, keys: keys)
        buffer.append("</section>\n")
    }

    /// Stacked bars: each run's scenarios by status, scaled to the largest run.
    private func writeStatusChart(_ runs: [RunHistory.Run], counts: [RunHistory.RunCounts], firstIndex: Int) {
        let height = 100
        let width = runs.count * 22
        let largest = max(counts.map(\.total).max() ?? 1, 1)
        let latest = counts.last ?? RunHistory.RunCounts()
        buffer.append("<p class=\"chart-caption\">Scenarios per run, the oldest first and this run last</p>")
        buffer.append(
            "<svg class=\"trend-chart\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" "
                + "role=\"img\" aria-label=\"Scenarios by status in each of the last \(runs.count) runs; this run: "
                + "\(latest.passed) passed, \(latest.flaky) flaky, \(latest.failed) failed, \(latest.other) other\">")
        for (offset, run) in runs.enumerated() {
            let count = counts[offset]
            let x = offset * 22 + 3
            buffer.append("<a href=\"#run-\(firstIndex + offset + 1)\"><title>")
            buffer.appendHTML(
                "Run \(firstIndex + offset + 1)\(run.startedAt.isEmpty ? "" : ", \(run.startedAt)"): "
                    + "\(count.passed) passed, \(count.flaky) flaky, \(count.failed) failed, \(count.other) other"
                    + (run.milliseconds.map { " · " + Self.seconds($0) } ?? ""))
            buffer.append("</title>")
            var top = height
            for (value, name) in [
                (count.passed, "passed"), (count.flaky, "flaky"), (count.failed, "failed"), (count.other, "other"),
            ] where value > 0 {
                let barHeight = max(3, value * (height - 4) / largest)  // one failure still shows
                top -= barHeight
                buffer.append(
                    "<rect class=\"t-\(name)\" x=\"\(x)\" y=\"\(top)\" width=\"16\" height=\"\(barHeight)\"></rect>")
            }
            buffer.append("</a>")
        }
        buffer.append("</svg>")
    }

    /// Bars of each run's duration, scaled to the longest (runs that do not say theirs are left blank).
    private func writeDurationChart(_ runs: [RunHistory.Run], firstIndex: Int) {
        let known = runs.compactMap(\.milliseconds)
        guard !known.isEmpty else { return }
        let height = 40
        let width = runs.count * 22
        let longest = max(known.max() ?? 1, 1)
        let last = runs.last?.milliseconds.map(Self.seconds) ?? "unknown"
        buffer.append("<p class=\"chart-caption\">Duration per run (the longest: \(Self.seconds(longest)))</p>")
        buffer.append(
            "<svg class=\"trend-chart\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" "
                + "role=\"img\" aria-label=\"The duration of each of the last \(runs.count) runs; this run: \(last)\">")
        for (offset, run) in runs.enumerated() {
            guard let milliseconds = run.milliseconds else { continue }
            let barHeight = max(1, milliseconds * (height - 2) / longest)
            buffer.append("<a href=\"#run-\(firstIndex + offset + 1)\"><title>")
            buffer.appendHTML("Run \(firstIndex + offset + 1): \(Self.seconds(milliseconds))")
            buffer.append(
                "</title><rect class=\"t-duration\" x=\"\(offset * 22 + 3)\" y=\"\(height - barHeight)\" "
                    + "width=\"16\" height=\"\(barHeight)\"></rect></a>")
        }
        buffer.append("</svg>")
    }

    /// The least stable scenarios and features over the kept runs: how often they passed where they ran.
    private func writeStability(_ history: RunHistory, keys: [String: String]) {
        let scenarios = history.scenarioStability
        let features = RunHistory.featureStability(scenarios)
        guard !scenarios.isEmpty else { return }
        let pickleByKey = Dictionary(keys.map { ($1, $0) }) { first, _ in first }
        let unstable = scenarios.filter { $0.passed < $0.ran }
        buffer.append("<div class=\"stability\">")
        buffer.append("<h3>Least stable scenarios</h3>")
        if unstable.isEmpty {
            buffer.append("<p>Every scenario passed in every run it ran in (\(scenarios.count) scenarios).</p>")
        } else {
            buffer.append("<table><thead><tr><th scope=\"col\">Scenario</th><th scope=\"col\">Passed</th></tr>")
            buffer.append("</thead><tbody>")
            for entry in unstable.prefix(Self.trendListLimit) {
                buffer.append("<tr><td>")
                if let pickleId = pickleByKey[entry.key] {
                    buffer.append("<a href=\"#\(Self.anchor(pickleId))\">")
                    buffer.appendHTML(entry.key)
                    buffer.append("</a>")
                } else {
                    buffer.appendHTML(entry.key)
                }
                buffer.append(
                    "</td><td>\(entry.percent)% <span class=\"label\">(\(entry.passed) of \(entry.ran))</span>")
                buffer.append("</td></tr>")
            }
            buffer.append("</tbody></table>")
            if unstable.count > Self.trendListLimit {
                buffer.append("<p class=\"not-run\">…and \(unstable.count - Self.trendListLimit) more.</p>")
            }
        }
        buffer.append("<h3>Features</h3><table><thead><tr><th scope=\"col\">Feature</th>")
        buffer.append("<th scope=\"col\">Passed</th></tr></thead><tbody>")
        for entry in features.prefix(Self.trendListLimit) {
            buffer.append("<tr><td>")
            buffer.appendHTML(entry.key)
            buffer.append("</td><td>\(entry.percent)% <span class=\"label\">(\(entry.passed) of \(entry.ran))</span>")
            buffer.append("</td></tr>")
        }
        buffer.append("</tbody></table></div>")
    }

    /// What changed in each run drawn, newest first: where it ran (its environment, when kept), and each scenario
    /// whose status differs from the run before.
    private func writeRunChanges(_ history: RunHistory, firstIndex: Int, keys: [String: String]) {
        let pickleByKey = Dictionary(keys.map { ($1, $0) }) { first, _ in first }
        buffer.append("<details class=\"run-changes\"><summary>What changed in each run</summary>")
        for index in (max(firstIndex, 1)..<history.runs.count).reversed() {
            let run = history.runs[index]
            let changes = history.changes(in: index)
            buffer.append("<div id=\"run-\(index + 1)\"><h4>Run \(index + 1)")
            if !run.startedAt.isEmpty {
                buffer.append(" <span class=\"label\">")
                buffer.appendHTML(run.startedAt)
                buffer.append("</span>")
            }
            buffer.append("</h4>")
            if !run.environment.isEmpty {
                // Where it ran, so a change can be told from a change of place (another branch, device, build).
                buffer.append("<p class=\"run-env\">")
                buffer.appendHTML(run.environment.map { "\($0.name): \($0.value)" }.joined(separator: " · "))
                buffer.append("</p>")
            }
            if changes.isEmpty {
                buffer.append("<p>No scenario changed.</p></div>")
                continue
            }
            buffer.append("<ul>")
            for change in changes.prefix(Self.changesPerRun) {
                // Only this run's scenarios have cards on this page.
                writeChange(change, card: index == history.runs.count - 1 ? pickleByKey[change.key] : nil)
            }
            buffer.append("</ul>")
            if changes.count > Self.changesPerRun {
                buffer.append("<p class=\"not-run\">…and \(changes.count - Self.changesPerRun) more.</p>")
            }
            buffer.append("</div>")
        }
        buffer.append("</details>")
    }

    /// `12.3 s`, `850 ms`.
    private static func seconds(_ milliseconds: Int) -> String {
        milliseconds < 1000 ? "\(milliseconds) ms" : "\((Double(milliseconds) / 100).rounded() / 10) s"
    }
}
