import Messages

/// `textDocument/foldingRange`: the feature, each rule, background, scenario and examples (as the outline has
/// them), each doc string and data table, and each run of two comment lines or more.
enum FoldingRanges {
    static func respond(_ request: Request) -> Any {
        guard let document = request.document else { return [Any]() }
        var ranges: [[String: Any]] = []
        func add(_ start: Int, _ end: Int, kind: String? = nil) {
            guard end > start else { return }
            var range: [String: Any] = ["startLine": start, "endLine": end]
            if let kind { range["kind"] = kind }
            ranges.append(range)
        }
        func walk(_ symbol: [String: Any]) {
            if let range = symbol["range"] as? [String: Any],
                let start = (range["start"] as? [String: Any])?["line"] as? Int,
                let end = (range["end"] as? [String: Any])?["line"] as? Int
            {
                add(start, end)
            }
            for child in symbol["children"] as? [[String: Any]] ?? [] { walk(child) }
        }
        if let feature = document.document?.feature {
            walk(DocumentSymbols(document: document).symbol(for: feature))
        }
        for step in document.steps {
            if let lines = step.argumentLines { add(lines.lowerBound, min(lines.upperBound, document.lines.count - 1)) }
        }
        for examples in Self.examplesTables(document) { add(examples.lowerBound, examples.upperBound) }
        var commentStart: Int?
        let commentLines = Set((document.document?.comments ?? []).map { $0.location.line - 1 })
        for line in 0...document.lines.count {
            if commentLines.contains(line) {
                if commentStart == nil { commentStart = line }
            } else if let start = commentStart {
                add(start, line - 1, kind: "comment")
                commentStart = nil
            }
        }
        return ranges
    }

    /// The lines of each examples table (header to last row).
    private static func examplesTables(_ document: SpecDocument) -> [ClosedRange<Int>] {
        guard let feature = document.document?.feature else { return [] }
        var scenarios: [Scenario] = []
        for child in feature.children {
            switch child {
            case .background: continue
            case .scenario(let scenario): scenarios.append(scenario)
            case .rule(let rule):
                for case .scenario(let scenario) in rule.children { scenarios.append(scenario) }
            }
        }
        return scenarios.flatMap(\.examples).compactMap { examples in
            guard let header = examples.tableHeader else { return nil }
            let last = examples.tableBody.last ?? header
            return (header.location.line - 1)...(last.location.line - 1)
        }
    }
}
