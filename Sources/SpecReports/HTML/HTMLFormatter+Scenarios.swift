import Foundation
import Messages

/// The scenarios in the HTML report: outlines with their examples tables, and each scenario's card with its example
/// row, steps, step arguments and errors.
extension HTMLFormatter {
    /// A scenario's card; for an outline, its steps once and one table per examples block with each row's
    /// status (linked to the row's card), then the rows' cards.
    func writeScenarioOrOutline(_ scenario: Scenario, cards: [Card], placed: inout Set<Int>) {
        guard !scenario.examples.isEmpty, !cards.isEmpty else {
            for card in cards {
                if let slot = card.slot { writeCard(slot) }
                placed.insert(card.pickleOrdinal)
            }
            return
        }
        var cardByRow: [String: Card] = [:]
        for card in cards {
            if let row = card.rowId { cardByRow[row] = card }
        }
        writeSectionHead(
            "outline", tags: scenario.tags, keyword: scenario.keyword, name: scenario.name,
            description: scenario.description)
        writeStepTexts(scenario.steps, listTag: "<ol class=\"template\">")
        for examples in scenario.examples {
            guard let header = examples.tableHeader else { continue }
            buffer.append("<div class=\"scroll\"><table class=\"data examples\"><caption><span class=\"kw\">")
            buffer.appendHTML(examples.keyword)
            buffer.append(":</span> ")
            buffer.appendHTML(examples.name)
            buffer.append("</caption><thead><tr><th><span class=\"sr-only\">Status</span></th>")
            writeCells(header.cells.lazy.map(\.value), tag: "th")
            buffer.append("</tr></thead><tbody>")
            for row in examples.tableBody {
                let card = cardByRow[row.id]
                let status = card?.status ?? .unknown
                buffer.append("<tr class=\"s-\(Self.className(status))\"><td>")
                if let card, card.slot != nil {
                    buffer.append("<a href=\"#\(Self.anchor(card.pickleId))\" title=\"\(Self.label(status))\">")
                    writeIcon(status)
                    buffer.append("</a>")
                } else {
                    writeIcon(status)
                }
                buffer.append("</td>")
                writeCells(row.cells.lazy.map(\.value), tag: "td")
                buffer.append("</tr>")
            }
            buffer.append("</tbody></table></div>")
        }
        for card in cards {
            if let slot = card.slot { writeCard(slot) }
            placed.insert(card.pickleOrdinal)
        }
        buffer.append("</section>")
    }

    /// The fragment id of a scenario's card.
    static func anchor(_ pickleId: String) -> String {
        "s-" + String(pickleId.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" })
    }

    func writeScenario(_ pickle: Pickle, lineage: PickleLineage?, run: TestCaseRun?) {
        let attempt = run?.counted
        let status = attempt?.status ?? .unknown
        let className = Self.className(status)
        let open = attempt.map { $0.status != .passed && $0.status != .skipped } ?? false
        buffer.append("<details id=\"\(Self.anchor(pickle.id))\" class=\"scenario s-\(className)\" ")
        buffer.append("data-status=\"\(className)\" data-tags=\"")
        buffer.appendHTML(pickle.tags.map(\.name).joined(separator: " "))
        buffer.append(open ? "\" open>" : "\">")
        buffer.append("<summary><span class=\"chevron\" aria-hidden=\"true\">▶</span>")
        writeIcon(status)
        buffer.append("<div class=\"scenario-title\"><span class=\"kw\">")
        buffer.appendHTML(lineage?.scenario.keyword ?? "Scenario")
        buffer.append(":</span> <span class=\"name\">")
        buffer.appendHTML(pickle.name)
        buffer.append("</span><div class=\"scenario-sub\">")
        if let examples = lineage?.examples, let index = lineage?.exampleIndex {
            buffer.append("<span>")
            buffer.appendHTML(
                "\(examples.keyword): \(examples.name.isEmpty ? "" : examples.name + " — ")row \(index + 1)")
            buffer.append("</span>")
        }
        if !pickle.tags.isEmpty {
            buffer.append("<span class=\"tags\">")
            for tag in pickle.tags { writeTag(tag.name) }
            buffer.append("</span>")
        }
        buffer.append("</div></div><div class=\"scenario-side\"><span class=\"sr-status\">")
        buffer.append(attempt == nil ? "not run" : Self.label(status))
        if let attempt, query.isFlaky(attempt) {
            buffer.append("<span class=\"badge badge-flaky\" title=\"failed, then passed on a retry\">flaky</span>")
        }
        if let attempt {
            buffer.append(" · ")
            buffer.appendHTML(ReportText.humanDuration(attempt.duration))
            if attempt.attempt > 0 { buffer.append(" · attempt \(attempt.attempt + 1)") }
            let names = categories.names(of: attempt, query: query)
            if !names.isEmpty {
                buffer.append(" · <span class=\"category-label\" title=\"failure category\">")
                buffer.appendHTML(names.joined(separator: ", "))
                buffer.append("</span>")
            }
        }
        buffer.append("<br><span class=\"mono\">")
        buffer.appendHTML(query.location(of: pickle))
        buffer.append("</span></div></summary><div class=\"scenario-body\">")
        if let run, let (key, history) = history(of: run, pickle: pickle) { writeHistory(of: key, in: history) }
        if let lineage {
            writeDescription(lineage.scenario.description)
            if let examples = lineage.examples, let row = lineage.example { writeExampleRow(examples, row, status) }
        }
        if let attempt {
            writeSteps(of: attempt, pickle: pickle)
        } else {
            buffer.append("<p class=\"not-run\">This scenario did not run.</p><ol class=\"steps\">")
            for step in pickle.steps {
                buffer.append("<li class=\"s-unknown\">")
                writeIcon(.unknown)
                buffer.append("<div class=\"step-main\"><div class=\"step-line\"><span class=\"step-text\">")
                buffer.append("<span class=\"kw\">")
                buffer.appendHTML(query.keyword(of: step).trimmingCharacters(in: " "))
                buffer.append("</span> ")
                buffer.appendHTML(step.text)
                buffer.append("</span></div></div></li>")
            }
            buffer.append("</ol>")
        }
        buffer.append("</div></details>\n")
    }

    private func writeExampleRow(_ examples: Examples, _ row: TableRow, _ status: TestStepResultStatus) {
        guard let header = examples.tableHeader else { return }
        buffer.append("<div class=\"scroll\"><table class=\"data\"><thead><tr>")
        writeCells(header.cells.lazy.map(\.value), tag: "th")
        buffer.append("</tr></thead><tbody><tr class=\"current s-\(Self.className(status))\">")
        writeCells(row.cells.lazy.map(\.value), tag: "td")
        buffer.append("</tr></tbody></table></div>")
    }

    private func writeSteps(of attempt: TestCaseAttempt, pickle: Pickle) {
        buffer.append("<ol class=\"steps\">")
        var isBeforeHook = true
        for (index, testStep) in attempt.testCase.testSteps.enumerated() {
            isBeforeHook = isBeforeHook && testStep.pickleStepId == nil
            let result = attempt.stepResults[index]
            let status = result?.status ?? .unknown
            let attachments = attempt.stepAttachments[index]
            let pickleStep = testStep.pickleStepId.flatMap { query.pickleStep(id: $0) }
            // Hooks appear only when they did not pass or attached something.
            if testStep.pickleStepId == nil && status == .passed && attachments.isEmpty { continue }
            let fromBackground = pickleStep.flatMap { query.background(of: $0) } != nil
            if fromBackground {
                buffer.append("<li class=\"s-\(Self.className(status)) from-background\">")
            } else {
                buffer.append(Self.stepItems[status.severity])
            }
            writeIcon(status)
            buffer.append("<div class=\"step-main\"><div class=\"step-line\"><span class=\"step-text\">")
            if fromBackground { buffer.append("<span class=\"origin\">Background</span>") }
            var gherkinLocation: String?
            if let pickleStep {
                buffer.append("<span class=\"kw\">")
                buffer.appendHTML(query.keyword(of: pickleStep).trimmingCharacters(in: " "))
                buffer.append("</span> ")
                buffer.appendHTML(pickleStep.text)
                gherkinLocation = ReportText.location(pickle.uri, query.gherkinStep(of: pickleStep)?.location.line)
            } else {
                let hook = testStep.hookId.flatMap { query.hook(id: $0) }
                buffer.append("<span class=\"kw\">")
                buffer.appendHTML(ReportText.hookKeyword(hook, isBefore: isBeforeHook))
                buffer.append("</span> hook")
                if let name = hook?.name {
                    buffer.append(" ")
                    buffer.appendHTML(name)
                }
            }
            buffer.append("</span><span class=\"step-meta\">")
            var meta: [String] = []
            if result == nil { meta.append("not run") }
            if let result, status != .skipped, status != .undefined {
                meta.append(ReportText.humanDuration(result.duration))
            }
            if let location = query.codeLocation(of: testStep) { meta.append(location) }
            buffer.appendHTML(meta.joined(separator: " · "))
            buffer.append("</span></div>")
            if let argument = pickleStep?.argument { writeArgument(argument) }
            if RunQuery.isProblem(status) {
                writeError(query.explanation(of: testStep, result: result), where: gherkinLocation)
            }
            writeAttachments(attachments)
            buffer.append("</div></li>")
        }
        if !attempt.caseAttachments.isEmpty {
            buffer.append("<li class=\"s-unknown\"><div class=\"step-main\">")
            writeAttachments(attempt.caseAttachments)
            buffer.append("</div></li>")
        }
        buffer.append("</ol>")
    }

    private func writeArgument(_ argument: PickleStepArgument) {
        let table = argument.dataTable
        let writeDoc = { [self] in
            if let doc = argument.docString {
                buffer.append("<pre class=\"doc\">")
                buffer.appendHTML(doc.content)
                buffer.append("</pre>")
            }
        }
        if table?.argumentIndex != 1 { writeDoc() }
        if let table {
            buffer.append("<div class=\"scroll\"><table class=\"data\"><tbody>")
            for row in table.rows {
                buffer.append("<tr>")
                writeCells(row.cells.lazy.map(\.value), tag: "td")
                buffer.append("</tr>")
            }
            buffer.append("</tbody></table></div>")
        }
        if table?.argumentIndex == 1 { writeDoc() }
    }

    func writeError(_ text: String, where location: String?) {
        buffer.append("<div class=\"error\"><pre>")
        buffer.appendHTML(text)
        buffer.append("</pre>")
        if let location {
            buffer.append("<p class=\"where\">at <code>")
            buffer.appendHTML(location)
            buffer.append("</code></p>")
        }
        buffer.append("</div>")
    }

    /// One table cell per value, each `<tag>`-wrapped and escaped (`th` for a header, `td` for data).
    func writeCells(_ values: some Sequence<String>, tag: String) {
        for value in values {
            buffer.append("<\(tag)>")
            buffer.appendHTML(value)
            buffer.append("</\(tag)>")
        }
    }
}
