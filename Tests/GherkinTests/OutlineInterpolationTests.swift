import Foundation
import Gherkin
import Messages
import Testing

/// Outline placeholders are replaced as the official compilers do, column by column, whatever path the compiler
/// takes to get there.
@Suite("Outline placeholders")
struct OutlineInterpolationTests {
    private func stepText(_ template: String, header: [String], row: [String]) throws -> String {
        let document = """
            Feature: f
              Scenario Outline: o
                Given \(template)
                Examples:
                  | \(header.joined(separator: " | ")) |
                  | \(row.joined(separator: " | ")) |

            """
        var ids = IncrementingIdGenerator()
        let result = Gherkin.parse(uri: "o.feature", text: document, idGenerator: &ids)
        #expect(result.errors.isEmpty, "\(result.errors)")
        return try #require(result.pickles.first?.steps.first?.text)
    }

    /// The official definition: for each column in order, every `<name>` of the text so far is replaced.
    private func reference(_ template: String, header: [String], row: [String]) -> String {
        var text = template
        for (name, value) in zip(header, row) {
            text = text.replacingOccurrences(of: "<\(name)>", with: value)
        }
        return text
    }

    static let cases: [(template: String, header: [String], row: [String], expected: String)] = [
        ("<a> and <b>", ["a", "b"], ["1", "2"], "1 and 2"),
        ("<a> again <a>", ["a"], ["x"], "x again x"),
        ("a value naming a later column: <a>", ["a", "b"], ["<b>", "2"], "a value naming a later column: 2"),
        ("a value naming an earlier column: <b>", ["a", "b"], ["1", "<a>"], "a value naming an earlier column: <a>"),
        (
            "the first of two equal names wins: <a>", ["a", "a"], ["first", "second"],
            "the first of two equal names wins: first"
        ),
        (
            "a replacement forms a placeholder: <x<a>z>", ["a", "xyz"], ["y", "formed"],
            "a replacement forms a placeholder: formed"
        ),
        ("an empty value forms one: <x<a>z>", ["a", "xz"], ["", "formed"], "an empty value forms one: formed"),
        ("nested but unknown: <x<a>z>", ["a"], ["y"], "nested but unknown: <xyz>"),
        ("unknown names stay: <c> <a>", ["a"], ["1"], "unknown names stay: <c> 1"),
        ("angles in a name: <a<b>", ["a<b", "b"], ["1", "2"], "angles in a name: 1"),
        ("half open <a and <a>", ["a"], ["1"], "half open <a and 1"),
    ]

    @Test(arguments: cases)
    func `placeholders are replaced column by column`(
        template: String, header: [String], row: [String], expected: String
    ) throws {
        #expect(reference(template, header: header, row: row) == expected)
        #expect(try stepText(template, header: header, row: row) == expected)
    }

    @Test func `random templates give the official text`() throws {
        var generator = SeededRandom(seed: 0x5EED)
        let withAngles: [Character] = ["a", "b", "<", ">", "x"]
        let withoutAngles: [Character] = ["a", "b", "x"]
        func word(_ maximum: Int, _ alphabet: [Character]) -> String {
            let count = Int.random(in: 0...maximum, using: &generator)
            return String((0..<count).map { _ in alphabet.randomElement(using: &generator)! })
        }
        // Mostly names and values without angles (the one-pass path), some with (the column-by-column path).
        func alphabet() -> [Character] { Int.random(in: 0..<5, using: &generator) == 0 ? withAngles : withoutAngles }
        for _ in 0..<3_000 {
            let columns = Int.random(in: 1...4, using: &generator)
            let header = (0..<columns).map { _ in word(2, alphabet()) }.map { $0.isEmpty ? "a" : $0 }
            let row = (0..<columns).map { _ in word(3, alphabet()) }
            var template = "t"
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                template +=
                    Bool.random(using: &generator)
                    ? "<\(header.randomElement(using: &generator)!)>" : word(3, withAngles)
            }
            let expected = reference(template, header: header, row: row)
            let compiled = try stepText(template, header: header, row: row)
            #expect(compiled == expected, "template \(template), header \(header), row \(row)")
            if compiled != expected { return }
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failing case can be replayed.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
