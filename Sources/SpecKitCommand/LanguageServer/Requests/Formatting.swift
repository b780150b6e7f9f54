import Foundation
import Gherkin
import SpecReports

/// `textDocument/formatting`: the document in Cucumber's pretty layout (keywords indented by level, tables
/// aligned), written with the document's own line breaks. A Markdown spec keeps the layout its author gave it. A
/// document with a parse error is left as it is, and the editor is told why.
enum Formatting {
    static func respond(_ request: Request) -> Any {
        guard let document = request.document, !document.isMarkdown else { return [Any]() }
        if let error = document.errors.first {
            let place = URL(string: document.uri)?.lastPathComponent ?? document.uri
            request.workspace.show(
                "Not formatted: \(place) does not parse at line \(error.line): "
                    + ReportText.plainWords(forParseError: error.message) + " "
                    + "Fix the error and format again.",
                type: 2)
            return [Any]()
        }
        guard let parsed = document.parse.strict.document else { return [Any]() }
        let formatted = document.lines.withLineBreaks(GherkinFormatter.format(parsed))
        guard formatted != document.text else { return [Any]() }
        let lastLine = max(document.lines.count - 1, 0)
        return [
            [
                "range": [
                    "start": ["line": 0, "character": 0],
                    "end": ["line": lastLine, "character": document.lines.length(lastLine)],
                ] as [String: Any],
                "newText": formatted,
            ]
        ]
    }
}
