import SpecKit

/// How the specs use the step library: the step texts written (for completion, most used first), how many steps
/// use each definition, and a real step of each definition (its argument values fill completion placeholders).
struct StepUsageIndex {
    private var documents: [String: [SpecDocument.StepOccurrence]] = [:]

    /// Replaces what `uri` contributes.
    mutating func update(_ document: SpecDocument) {
        documents[document.uri] = document.steps
    }

    /// The step texts the specs use that match a definition (its position), most used first, each once.
    var usedTexts: [(text: String, definition: Int)] {
        var counts: [String: (count: Int, definition: Int)] = [:]
        for steps in documents.values {
            for step in steps {
                guard case .matched(let position, _) = step.match, !step.text.contains("<") else { continue }
                counts[step.text, default: (0, position)].count += 1
            }
        }
        return counts.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
            .map { ($0.key, $0.value.definition) }
    }

    /// How many steps use each definition (by position).
    var uses: [Int: Int] {
        var uses: [Int: Int] = [:]
        for steps in documents.values {
            for step in steps {
                if case .matched(let position, _) = step.match { uses[position, default: 0] += 1 }
            }
        }
        return uses
    }

    /// A step text that matches each definition, with its arguments, from the specs (sorted by uri, so the same
    /// example is chosen every time).
    var examples: [Int: (text: String, arguments: [StepCatalog.Argument])] {
        var examples: [Int: (text: String, arguments: [StepCatalog.Argument])] = [:]
        for uri in documents.keys.sorted() {
            for step in documents[uri] ?? [] {
                guard case .matched(let position, let arguments) = step.match, examples[position] == nil else {
                    continue
                }
                examples[position] = (step.matchedText, arguments)
            }
        }
        return examples
    }
}
