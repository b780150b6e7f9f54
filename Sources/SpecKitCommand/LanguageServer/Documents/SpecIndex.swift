import Foundation
import SpecKit
import StepSuggestions

/// How the specs use the step library, file by file (open documents and the files of the specs folder, each file
/// once whatever the spelling of its uri): the step texts written (for did-you-mean, counted as files change,
/// not recounted), how many steps use each
/// definition, a real step and the values written for each (for completion), every use of a definition (for
/// references and rename) and every feature and scenario (for workspace symbols). Each view is computed once
/// after a change, when first asked for.
struct SpecIndex {
    typealias Example = (text: String, arguments: [StepCatalog.Argument])

    /// What one file contributes.
    struct Entry {
        var uri: String
        var steps: [SpecDocument.StepOccurrence]
        /// How many of its steps write each text that matches a definition (and which).
        fileprivate var usedCounts: [String: (count: Int, definition: Int)]
        /// Its features, rules and scenarios, worked out when first asked for.
        fileprivate let outline: Outline

        var symbols: [SpecSymbol] { outline.symbols }
    }

    /// A document's symbols, made from it once, when asked for.
    fileprivate final class Outline {
        private var document: SpecDocument?
        private var made: [SpecSymbol]?

        init(_ document: SpecDocument) {
            self.document = document
        }

        var symbols: [SpecSymbol] {
            if let made { return made }
            let symbols = document.map(SpecSymbol.symbols(of:)) ?? []
            made = symbols
            document = nil
            return symbols
        }
    }

    /// The longest value offered as a completion choice.
    static let maximumChoiceLength = 100
    /// The most values offered for one parameter.
    static let maximumChoices = 8

    private(set) var files: [String: Entry] = [:]
    /// How many steps write each text that matches a definition (and which), over every file, kept up to date
    /// file by file; `usedTextsGeneration` changes when a text appears or disappears.
    private var usedCounts: [String: (count: Int, definition: Int)] = [:]
    private(set) var usedTextsGeneration = 0
    private var cachedUsedTexts: [(text: String, definition: Int)]?
    private var cachedUses: [Int: Int]?
    private var cachedExamples: [Int: Example]?
    private var cachedValues: [Int: [[String]]]?

    /// Replaces what the document's file contributes.
    mutating func update(_ document: SpecDocument) {
        let key = SourcePaths.key(document.uri)
        let counts = Self.usedCounts(document.steps)
        apply(old: files[key]?.usedCounts ?? [:], new: counts)
        files[key] = Entry(uri: document.uri, steps: document.steps, usedCounts: counts, outline: Outline(document))
        invalidate()
    }

    /// Forgets what `uri` contributed (its file was deleted).
    mutating func remove(_ uri: String) {
        let key = SourcePaths.key(uri)
        apply(old: files[key]?.usedCounts ?? [:], new: [:])
        files[key] = nil
        invalidate()
    }

    /// The texts `steps` write that match a definition, counted (texts with placeholders or too long for
    /// did-you-mean left out).
    private static func usedCounts(_ steps: [SpecDocument.StepOccurrence]) -> [String: (count: Int, definition: Int)] {
        var counts: [String: (count: Int, definition: Int)] = [:]
        for step in steps {
            guard case .matched(let position, _) = step.match, !step.text.utf8.contains(UInt8(ascii: "<")),
                StepSuggester.isScored(step.text)
            else { continue }
            counts[step.text, default: (0, position)].count += 1
        }
        return counts
    }

    /// Replaces a file's counts (`old`) by `new` in the totals; the generation moves only when a text appears or
    /// disappears.
    private mutating func apply(
        old: [String: (count: Int, definition: Int)], new: [String: (count: Int, definition: Int)]
    ) {
        var changedTexts = false
        for (text, counted) in old where new[text] == nil {
            let remaining = (usedCounts[text]?.count ?? 0) - counted.count
            if remaining <= 0 {
                usedCounts[text] = nil
                changedTexts = true
            } else {
                usedCounts[text]?.count = remaining
            }
        }
        for (text, counted) in new {
            let delta = counted.count - (old[text]?.count ?? 0)
            if let known = usedCounts[text] {
                usedCounts[text] = (known.count + delta, known.definition)
            } else {
                usedCounts[text] = counted
                changedTexts = true
            }
        }
        if changedTexts {
            usedTextsGeneration += 1
            cachedUsedTexts = nil
        }
    }

    private mutating func invalidate() {
        cachedUses = nil
        cachedExamples = nil
        cachedValues = nil
    }

    /// The entries by uri order (so the same example is chosen every time).
    var entries: [Entry] {
        files.keys.sorted().compactMap { files[$0] }
    }

    /// The step texts the specs use that match a definition (its position), each once, in text order; texts too
    /// long for did-you-mean are left out. Made again only when a text appears or disappears.
    mutating func usedTexts() -> [(text: String, definition: Int)] {
        if let cachedUsedTexts { return cachedUsedTexts }
        let texts = usedCounts.sorted { $0.key < $1.key }.map { (text: $0.key, definition: $0.value.definition) }
        cachedUsedTexts = texts
        return texts
    }

    /// How many steps use each definition (by position).
    mutating func uses() -> [Int: Int] {
        if let cachedUses { return cachedUses }
        var uses: [Int: Int] = [:]
        for entry in files.values {
            for step in entry.steps {
                if let position = step.definition { uses[position, default: 0] += 1 }
            }
        }
        cachedUses = uses
        return uses
    }

    /// A step text that matches each definition, with its arguments.
    mutating func examples() -> [Int: Example] {
        if let cachedExamples { return cachedExamples }
        var examples: [Int: Example] = [:]
        for entry in entries {
            for step in entry.steps {
                guard case .matched(let position, let arguments) = step.match, examples[position] == nil,
                    StepSuggester.isScored(step.matchedText)
                else { continue }
                examples[position] = (step.matchedText, arguments)
            }
        }
        cachedExamples = examples
        return examples
    }

    /// For each definition, the values written for each of its parameters, most used first (at most
    /// `maximumChoices`, each at most `maximumChoiceLength` long).
    mutating func values() -> [Int: [[String]]] {
        if let cachedValues { return cachedValues }
        var counts: [Int: [[String: Int]]] = [:]
        for entry in files.values {
            for step in entry.steps {
                guard case .matched(let position, let arguments) = step.match else { continue }
                let units = Array(step.matchedText.utf16)
                var perParameter = counts[position] ?? Array(repeating: [:], count: arguments.count)
                if perParameter.count < arguments.count {
                    perParameter += Array(repeating: [:], count: arguments.count - perParameter.count)
                }
                for (index, argument) in arguments.enumerated()
                where argument.start >= 0 && argument.end <= units.count && argument.start <= argument.end
                    && argument.end - argument.start <= Self.maximumChoiceLength
                {
                    let value = String(decoding: units[argument.start..<argument.end], as: UTF16.self)
                    if !value.contains("<") { perParameter[index][value, default: 0] += 1 }
                }
                counts[position] = perParameter
            }
        }
        let values = counts.mapValues { parameters in
            parameters.map { counted in
                counted.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                    .prefix(Self.maximumChoices).map(\.key)
            }
        }
        cachedValues = values
        return values
    }
}
