import Messages

extension HTMLFormatter {
    /// The card saying where the run happened (`ReportEnvironment`), beside the totals; none when nothing is known.
    func writeEnvironment() {
        let entries = environment.entries(meta: query.meta)
        guard !entries.isEmpty else { return }
        buffer.append("<div class=\"card env\"><h2>Environment</h2><dl>")
        for entry in entries {
            buffer.append("<dt>")
            buffer.appendHTML(entry.name)
            buffer.append("</dt><dd>")
            if let link = entry.link {
                appendWebLink(entry.value, to: link)
            } else {
                buffer.appendHTML(entry.value)
            }
            buffer.append("</dd>")
        }
        buffer.append("</dl></div>\n")
    }
}
