import Messages

/// The step catalog at the end of the HTML report: every step definition with its pattern, place, uses and mean
/// duration.
extension HTMLFormatter {
    func writeCatalog() {
        let uses = query.stepUseSummary()
        let definitions = query.stepDefinitions
        buffer.append(
            "<section class=\"catalog\" id=\"step-catalog\" aria-label=\"Step catalog\"><h2>Step catalog</h2>")
        let unused = definitions.count(where: { (uses[$0.id]?.count ?? 0) == 0 })
        buffer.append("<p class=\"sub\">\(definitions.count) step definition\(definitions.count == 1 ? "" : "s")")
        if unused > 0 { buffer.append(" · \(unused) unused") }
        buffer.append("</p>")
        guard !definitions.isEmpty else {
            buffer.append("</section>\n")
            return
        }
        buffer.append("<div class=\"scroll\"><table class=\"catalog-table\"><thead><tr><th>Pattern</th>")
        buffer.append("<th>Defined at</th><th class=\"num\">Uses</th><th class=\"num\">Mean</th></tr></thead><tbody>")
        for definition in definitions {
            let use = uses[definition.id]
            let count = use?.count ?? 0
            buffer.append(count == 0 ? "<tr class=\"unused\">" : "<tr>")
            buffer.append("<td><code>")
            buffer.appendHTML(ReportText.pattern(definition))
            buffer.append("</code>")
            if count == 0 { buffer.append("<span class=\"badge\">unused</span>") }
            buffer.append("</td><td class=\"loc mono\">")
            buffer.appendHTML(ReportText.location(definition.sourceReference))
            buffer.append("</td><td class=\"num\">\(count)</td><td class=\"num\">")
            buffer.appendHTML(use?.meanDuration.map(ReportText.humanDuration) ?? "–")
            buffer.append("</td></tr>")
        }
        buffer.append("</tbody></table></div></section>\n")
    }
}
