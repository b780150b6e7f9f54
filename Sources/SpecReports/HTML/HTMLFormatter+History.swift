import Messages

/// The run history in the HTML report: what changed since the last run, and each scenario's strip of results.
extension HTMLFormatter {
    /// The history with this run recorded, and each pickle's key in it; nil without a history.
    func historyWithThisRun() -> (history: RunHistory, keys: [String: String])? {
        guard var history = previousRuns else { return nil }
        history.record(query)
        return (history, RunHistory.keys(in: query))
    }

    /// The key of `run`'s scenario in the history, and the history of that scenario with this run (nil without a
    /// history): each card shows it as its test case ends.
    func history(of run: TestCaseRun, pickle: Pickle) -> (key: String, history: RunHistory)? {
        guard let previousRuns, let attempt = run.counted else { return nil }
        let key: String
        if query.retention == .streaming {
            guard let known = run.historyKey else { return nil }
            key = known
        } else {
            guard let known = historyKey(ofPickle: pickle.id) else { return nil }
            key = known
        }
        let startedAt = query.testRunStarted.map { ReportText.isoTimestamp($0.timestamp) } ?? ""
        var history = previousRuns
        history.append(
            RunHistory.Run(
                startedAt: startedAt, success: false,
                scenarios: [key: RunHistory.outcome(of: attempt, in: query)]))
        return (key, history)
    }

    /// "Changed since the last run": each scenario whose status differs from the run before, old → new, linked to
    /// its card.
    func writeChanges(_ history: RunHistory, keys: [String: String]) {
        let changes = history.changes
        guard history.runs.count >= 2 else { return }
        let pickleByKey = Dictionary(keys.map { ($1, $0) }) { first, _ in first }
        buffer.append("<section class=\"changes\" id=\"changes\" aria-label=\"Changed since the last run\">")
        buffer.append("<h2>Changed since the last run <span class=\"label\">")
        buffer.append(changes.isEmpty ? "nothing" : "\(changes.count) scenario\(changes.count == 1 ? "" : "s")")
        buffer.append("</span></h2>")
        if !changes.isEmpty {
            buffer.append("<ul>")
            for change in changes.prefix(100) { writeChange(change, card: pickleByKey[change.key]) }
            buffer.append("</ul>")
            if changes.count > 100 { buffer.append("<p class=\"not-run\">…and \(changes.count - 100) more.</p>") }
        }
        buffer.append("</section>\n")
    }

    /// One change as a list item: the scenario (linked to its card when it has one here), old → new.
    func writeChange(_ change: (key: String, old: String, new: String), card pickleId: String?) {
        buffer.append("<li>")
        if let pickleId {
            buffer.append("<a href=\"#\(Self.anchor(pickleId))\">")
            buffer.appendHTML(change.key)
            buffer.append("</a>")
        } else {
            buffer.appendHTML(change.key)
        }
        buffer.append(": <span class=\"hs-\(Self.historyClass(change.old))\">")
        buffer.appendHTML(change.old)
        buffer.append("</span> → <span class=\"hs-\(Self.historyClass(change.new))\">")
        buffer.appendHTML(change.new)
        buffer.append("</span></li>")
    }

    /// A scenario's last results as a strip of marks (oldest first, this run last), when its status last changed,
    /// whether it is flaky across runs, and how its duration compares with its median.
    func writeHistory(of key: String, in history: RunHistory) {
        let timeline = history.timeline(of: key)
        guard timeline.count >= 2 else { return }
        let trend = history.trend(of: key)
        buffer.append("<div class=\"history\" aria-label=\"Last \(timeline.count) runs\"><span class=\"strip\">")
        for (index, outcome) in timeline.enumerated() {
            let status = outcome?.status ?? "not run"
            let when = history.runs[index].startedAt
            buffer.append("<span class=\"mark hs-\(Self.historyClass(status))\" title=\"")
            buffer.appendHTML(when.isEmpty ? status : "\(when): \(status)")
            buffer.append("\"></span>")
        }
        buffer.append("</span>")
        var notes: [String] = []
        if let ago = trend.changedRunsAgo, let from = trend.changedFrom {
            notes.append(ago == 1 ? "changed in this run (was \(from))" : "changed \(ago) runs ago (was \(from))")
        } else {
            notes.append("same status for \(timeline.compactMap { $0 }.count) runs")
        }
        if trend.isFlaky { notes.append("flaky across runs") }
        if let ratio = trend.durationRatio, ratio >= 2 || ratio <= 0.5 {
            let factor = ratio >= 2 ? ratio : 1 / ratio
            let rounded = (factor * 10).rounded() / 10
            notes.append("\(rounded)× \(ratio >= 2 ? "slower" : "faster") than its median")
        }
        buffer.append("<span class=\"history-notes\">")
        buffer.appendHTML(notes.joined(separator: " · "))
        buffer.append("</span></div>")
    }

    /// The CSS class of a history status (`passed`, `flaky`...), from a closed list.
    static func historyClass(_ status: String) -> String {
        switch status {
        case "passed", "failed", "ambiguous", "undefined", "pending", "skipped", "flaky": status
        default: "unknown"
        }
    }
}
