import Foundation
import Messages

/// A feature, rule or scenario of a spec, for `workspace/symbol`.
struct SpecSymbol {
    var name: String
    /// The LSP symbol kind: 2 feature, 3 rule, 12 scenario (as the outline has them).
    var kind: Int
    /// The keyword's line (from 0) and the UTF-16 range from the keyword to the end of the line.
    var line: Int
    var start: Int
    var end: Int
    /// The feature (and rule) it is in.
    var container: String?

    /// The features, rules and scenarios of `document`, in document order.
    static func symbols(of document: SpecDocument) -> [SpecSymbol] {
        guard let feature = document.document?.feature else { return [] }
        var symbols: [SpecSymbol] = []
        func add(_ keyword: String, _ name: String, _ location: Location, kind: Int, container: String?) {
            let line = location.line - 1
            guard line < document.lines.count else { return }  // a header past the end, read for tags being written
            let start = document.lines.utf16Offset(line: line, column: location.column ?? 1)
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            symbols.append(
                SpecSymbol(
                    name: trimmed.isEmpty ? keyword : "\(keyword): \(trimmed)", kind: kind, line: line, start: start,
                    end: document.lines.length(line), container: container))
        }
        add(feature.keyword, feature.name, feature.location, kind: 2, container: nil)
        let featureName = symbols.last?.name
        func addScenario(_ scenario: Scenario, container: String?) {
            add(scenario.keyword, scenario.name, scenario.location, kind: 12, container: container)
        }
        for child in feature.children {
            switch child {
            case .background: continue
            case .scenario(let scenario): addScenario(scenario, container: featureName)
            case .rule(let rule):
                add(rule.keyword, rule.name, rule.location, kind: 3, container: featureName)
                let ruleName = symbols.last?.name
                for case .scenario(let scenario) in rule.children { addScenario(scenario, container: ruleName) }
            }
        }
        return symbols
    }
}

/// `workspace/symbol`: every feature, rule and scenario of the open documents and the specs folder whose name
/// holds the query's characters in order (case ignored), best matches first (the query as one piece, then at
/// the start of a word), at most `maximumResults`.
enum WorkspaceSymbols {
    static let maximumResults = 500

    static func respond(_ request: Request) -> Any {
        let query = (request.params["query"] as? String ?? "").lowercased()
        var found: [(rank: Int, order: Int, symbol: [String: Any])] = []
        for entry in request.workspace.indexedSpecs() {
            for symbol in entry.symbols {
                guard let rank = rank(symbol.name.lowercased(), query) else { continue }
                var item: [String: Any] = [
                    "name": symbol.name, "kind": symbol.kind,
                    "location": [
                        "uri": entry.uri,
                        "range": SpecDocument.range(line: symbol.line, start: symbol.start, end: symbol.end),
                    ] as [String: Any],
                ]
                if let container = symbol.container { item["containerName"] = container }
                found.append((rank, found.count, item))
            }
        }
        return found.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.prefix(maximumResults).map(\.symbol)
    }

    /// 0 when `name` contains `query`, 1 when a word of it starts with the query's first character and the rest
    /// follow in order, 2 when the characters only follow in order; nil when they do not.
    static func rank(_ name: String, _ query: String) -> Int? {
        if query.isEmpty || name.contains(query) { return 0 }
        var remaining = Substring(query)
        for character in name where remaining.first == character { remaining = remaining.dropFirst() }
        guard remaining.isEmpty, let first = query.first else { return nil }
        let words = name.split { !$0.isLetter && !$0.isNumber }
        return words.contains { $0.first == first } ? 1 : 2
    }
}
