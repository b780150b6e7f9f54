import Foundation
import SpecKit
import StepSuggestions

/// The editor's did-you-mean: the one rule (`StepSuggester`), comparing the texts the specs use too, turned into
/// texts to write. Proposals are kept by text until the texts the specs use change (a keystroke seldom changes
/// them), at most `capacity` texts.
final class EditorSuggestions {
    /// A step to write instead, and the definition it matches.
    typealias Proposal = (text: String, definition: Int)

    static let capacity = 20_000
    /// The most texts worked out for one publication of diagnostics; the others follow when the server is idle.
    static let budget = 64

    private var suggester: StepSuggester?
    private var madeFrom = -1
    private var proposals: [String: [Proposal]] = [:]

    /// Makes the suggester again when a text the specs use appeared or disappeared since it was made.
    func prepare(_ workspace: Workspace) {
        let generation = workspace.withIndex { $0.usedTextsGeneration }
        guard suggester == nil || generation != madeFrom else { return }
        suggester = workspace.catalog.suggester(usedTexts: workspace.withIndex { $0.usedTexts() })
        madeFrom = generation
        proposals.removeAll(keepingCapacity: true)
    }

    /// The proposals already worked out for `text`.
    func known(_ text: String) -> [Proposal]? {
        proposals[text]
    }

    /// The steps closest to `text` that would run, at most 3, closest first: for each close definition, the text
    /// the specs use when it is at least as close, else the text rewritten to the definition with the typed
    /// values kept when that matches it, else the closest text the specs use, else a text of the definition.
    func proposals(for text: String, in workspace: Workspace) -> [Proposal] {
        prepare(workspace)
        if let known = proposals[text] { return known }
        let examples = workspace.withIndex { $0.examples() }
        let catalog = workspace.catalog
        var found: [Proposal] = []
        var seen: Set<String> = []
        for suggestion in suggester?.suggestions(for: text, rewriting: true) ?? [] {
            let position = suggestion.definition
            let definition = catalog.definitions[position]
            var replacement = suggestion.prefersUsedText ? suggestion.usedText : nil
            if replacement == nil, let rewrite = suggestion.rewrite, rewrite != text,
                case .matched(position, _) = workspace.matches.match(rewrite, catalog)
            {
                replacement = rewrite
            }
            replacement =
                replacement ?? suggestion.usedText ?? examples[position]?.text
                ?? (definition.isRegularExpression ? nil : SnippetText.plainText(pattern: definition.pattern))
            guard let replacement, seen.insert(replacement).inserted else { continue }
            found.append((replacement, position))
        }
        if proposals.count < Self.capacity { proposals[text] = found }
        return found
    }
}
