import Foundation
import SpecKit

/// How the specs use the step library: the step texts written (for completion, most used first), how many steps
/// use each definition, and a real step of each definition (its argument values fill completion placeholders).
/// Each view is computed once after a change, when first asked for.
struct StepUsageIndex {
    typealias Example = (text: String, arguments: [StepCatalog.Argument])

    private var documents: [String: [SpecDocument.StepOccurrence]] = [:]
    private var cachedUsedTexts: [(text: String, definition: Int)]?
    private var cachedUses: [Int: Int]?
    private var cachedExamples: [Int: Example]?

    /// Replaces what the document's file contributes (the same file under two spellings of its uri, from the
    /// editor and from the folder's listing, counts once).
    mutating func update(_ document: SpecDocument) {
        documents[Self.key(document.uri)] = document.steps
        cachedUsedTexts = nil
        cachedUses = nil
        cachedExamples = nil
    }

    /// Forgets what `uri` contributed (its file was deleted).
    mutating func remove(_ uri: String) {
        documents[Self.key(uri)] = nil
        cachedUsedTexts = nil
        cachedUses = nil
        cachedExamples = nil
    }

    /// A file uri's standardized path (percent escapes decoded, `.` and `..` resolved), any other uri as it is.
    static func key(_ uri: String) -> String {
        guard let url = URL(string: uri), url.isFileURL else { return uri }
        return url.standardizedFileURL.path
    }

    /// The step texts the specs use that match a definition (its position), most used first, each once.
    mutating func usedTexts() -> [(text: String, definition: Int)] {
        if let cachedUsedTexts { return cachedUsedTexts }
        var counts: [String: (count: Int, definition: Int)] = [:]
        for steps in documents.values {
            for step in steps {
                guard case .matched(let position, _) = step.match, !step.text.contains("<") else { continue }
                counts[step.text, default: (0, position)].count += 1
            }
        }
        let texts = counts.sorted {
            $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key
        }
        .map { (text: $0.key, definition: $0.value.definition) }
        cachedUsedTexts = texts
        return texts
    }

    /// How many steps use each definition (by position).
    mutating func uses() -> [Int: Int] {
        if let cachedUses { return cachedUses }
        var uses: [Int: Int] = [:]
        for steps in documents.values {
            for step in steps {
                if case .matched(let position, _) = step.match { uses[position, default: 0] += 1 }
            }
        }
        cachedUses = uses
        return uses
    }

    /// A step text that matches each definition, with its arguments, from the specs (sorted by uri, so the same
    /// example is chosen every time).
    mutating func examples() -> [Int: Example] {
        if let cachedExamples { return cachedExamples }
        var examples: [Int: Example] = [:]
        for uri in documents.keys.sorted() {
            for step in documents[uri] ?? [] {
                guard case .matched(let position, let arguments) = step.match, examples[position] == nil else {
                    continue
                }
                examples[position] = (step.matchedText, arguments)
            }
        }
        cachedExamples = examples
        return examples
    }
}
