import Testing

@testable import StepSuggestions

/// A small library like a lending library's: parameters of built-in and custom types, an optional part, an
/// alternative, a regular expression.
private let library: [StepSuggester.Definition] = [
    .init(source: "member {member} borrows {string}", isRegularExpression: false),
    .init(source: "today is {date}", isRegularExpression: false),
    .init(source: "the library has these books:", isRegularExpression: false),
    .init(source: "{int} book(s) is/are overdue", isRegularExpression: false),
    .init(source: #"^the fine is (\d+) cents? for (\w+)$"#, isRegularExpression: true),
    .init(source: "the member pays {float} €", isRegularExpression: false),
    .init(source: "{string}", isRegularExpression: false),
]
private let parameterTypes = ["member": ["[A-Z][a-z]+"], "date": [#"\d{4}-\d{2}-\d{2}"#]]
private let suggester = StepSuggester(definitions: library, parameterTypes: parameterTypes)

private func closest(_ text: String) -> [String] {
    suggester.suggestions(for: text).map { library[$0.definition].source }
}

@Suite("One did-you-mean: a typed text against each definition's pattern, values in place")
struct StepSuggesterTests {
    @Test("a typo in the fixed words of a step with parameters is found with the typed values in place")
    func typoBesideValues() throws {
        let suggestion = try #require(suggester.suggestions(for: "member Ada borows \"111\"", rewriting: true).first)
        #expect(library[suggestion.definition].source == "member {member} borrows {string}")
        #expect(suggestion.distance == 1)
        #expect(suggestion.rewrite == "member Ada borrows \"111\"")
    }

    @Test("a value that is not of its type is close to its definition (the date is not yyyy-mm-dd)")
    func valueOfTheWrongShape() {
        #expect(closest("today is 2025-3-1") == ["today is {date}"])
    }

    @Test(
        "a typo in a step without parameters",
        arguments: ["the libary has these books:", "The library has these boks:"])
    func plainTypo(text: String) {
        #expect(closest(text).first == "the library has these books:")
    }

    @Test("optional text and alternatives are read as the expression reads them")
    func optionalAndAlternatives() {
        #expect(closest("3 boks are overdue") == ["{int} book(s) is/are overdue"])
        #expect(closest("1 book iz overdue") == ["{int} book(s) is/are overdue"])
        let rewrite = suggester.suggestions(for: "2 bookz are overdue", rewriting: true).first?.rewrite
        #expect(rewrite == "2 books are overdue" || rewrite == "2 book are overdue")
    }

    @Test("a regular expression's groups are values, its anchors and classes read as such")
    func regularExpression() throws {
        let suggestion = try #require(suggester.suggestions(for: "the fine is 20 cants for Ada", rewriting: true).first)
        #expect(library[suggestion.definition].source.hasPrefix("^the fine is"))
        #expect(
            suggestion.rewrite == "the fine is 20 cents for Ada" || suggestion.rewrite == "the fine is 20 cent for Ada")
    }

    @Test("a missing value is an edit, not a match: the closeness allows a third of the fixed text")
    func thresholds() {
        #expect(closest("the member pays 2.50 €") == ["the member pays {float} €"])
        #expect(closest("someone entirely different happened").isEmpty)
        #expect(closest("the member pays").isEmpty == false)
        #expect(closest("the weather is sunny").isEmpty)
    }

    @Test("a definition without fixed text (`{string}`) is never proposed: it would be close to everything")
    func noFixedText() {
        for text in ["\"anything\"", "x", "member"] {
            #expect(!closest(text).contains("{string}"))
        }
    }

    @Test("closest first, ties in registration order, at most the limit, each definition once")
    func ranking() {
        let definitions: [StepSuggester.Definition] = [
            .init(source: "the cart holds {int} items", isRegularExpression: false),
            .init(source: "the cart holds {int} item", isRegularExpression: false),
            .init(source: "the card holds {int} items", isRegularExpression: false),
            .init(source: "the cart has {int} items", isRegularExpression: false),
        ]
        let cart = StepSuggester(definitions: definitions)
        let found = cart.suggestions(for: "the cart holds 3 itemz").map(\.definition)
        #expect(found == [0, 1, 2])
        #expect(cart.suggestions(for: "the cart holds 3 itemz", limit: 1).map(\.definition) == [0])
        #expect(cart.suggestions(for: "the cart holds 3 itemz", limit: 0).isEmpty)
    }

    @Test("texts the specs use are compared too, and preferred when as close")
    func usedTexts() throws {
        let definitions: [StepSuggester.Definition] = [
            .init(source: "the customer has connectivity", isRegularExpression: false),
            .init(source: "the cache holds {int} image(s)", isRegularExpression: false),
            .init(source: #"^the (?:customer|user) loses (\w+)$"#, isRegularExpression: true),
        ]
        let withTexts = StepSuggester(
            definitions: definitions,
            usedTexts: [
                ("the customer has connectivity", 0), ("the cache holds 3 images", 1),
                ("the customer loses connectivity", 2),
            ])
        let typo = try #require(withTexts.suggestions(for: "the customer has conectivity").first)
        #expect(typo.definition == 0)
        #expect(typo.usedText == "the customer has connectivity")
        #expect(typo.prefersUsedText, "as close as the definition itself")
        // A typo beside another value: the definition's rewrite keeps the typed value and is closer.
        let value = try #require(withTexts.suggestions(for: "the cache holds 7 imagse", rewriting: true).first)
        #expect(value.definition == 1)
        #expect(!value.prefersUsedText)
        #expect(value.rewrite == "the cache holds 7 images" || value.rewrite == "the cache holds 7 image")
        // A typo in a value: the pattern reads it as a value; the used text is there to propose instead.
        let inValue = try #require(withTexts.suggestions(for: "the customer loses conectivity").first)
        #expect(inValue.definition == 2)
        #expect(inValue.distance == 0)
        #expect(inValue.usedText == "the customer loses connectivity")
    }

    @Test("a text over the length limit is not scored; one at the limit is")
    func lengthLimit() {
        let definitions: [StepSuggester.Definition] = [.init(source: "the note says {}", isRegularExpression: false)]
        let notes = StepSuggester(definitions: definitions)
        let prefix = "the note sayz "
        let atLimit = prefix + String(repeating: "a", count: StepSuggester.maximumTextLength - prefix.count)
        #expect(notes.suggestions(for: atLimit).map(\.definition) == [0])
        #expect(notes.suggestions(for: atLimit + "a").isEmpty)
        #expect(notes.suggestions(for: prefix + String(repeating: "é", count: 128 * 1024)).isEmpty)
        #expect(!StepSuggester.isScored(String(repeating: "a", count: StepSuggester.maximumTextLength + 1)))
        #expect(StepSuggester.isScored(String(repeating: "é", count: StepSuggester.maximumTextLength)))
    }

    @Test("a long text shares a word with a definition, or that definition is not scored")
    func sharedWords() {
        let definitions: [StepSuggester.Definition] = [.init(source: "{} happened", isRegularExpression: false)]
        let events = StepSuggester(definitions: definitions)
        #expect(events.suggestions(for: "a long description of what happend").isEmpty)
        #expect(events.suggestions(for: "a long description of what hapened").isEmpty)
        #expect(events.suggestions(for: "a long description, as happened").map(\.definition) == [0])
        #expect(events.suggestions(for: "it happend").map(\.definition) == [0], "a short text skips the word check")
    }

    @Test("of many used texts, only those sharing the most words are scored")
    func usedTextsAreCapped() {
        let texts = (0..<1_000).map { (text: "the shelf \($0) holds the book", definition: 0) }
        let shelves = StepSuggester(
            definitions: [.init(source: "nothing alike here", isRegularExpression: false)], usedTexts: texts)
        let found = shelves.suggestions(for: "the shelf 7 holds the bok")
        #expect(found.first?.usedText == "the shelf 7 holds the book")
    }

    @Test("case is ignored; a rewrite writes the definition's case")
    func caseIgnored() {
        let rewrite = suggester.suggestions(for: "THE LIBRARY HAS THESE BOOKS", rewriting: true).first?.rewrite
        #expect(rewrite == "the library has these books:")
    }
}

@Suite("Patterns are read as Cucumber Expressions and regular expressions read them")
struct PatternReadingTests {
    private func prefixStates(_ source: String, regular: Bool = false, _ text: String) -> Bool {
        let reader = CucumberExpressionReader(parameterTypes: [
            "int": RegularExpressionReader.read(parameterType: [#"-?\d+"#])
        ])
        let node = regular ? RegularExpressionReader.read(step: source) : reader.read(source)
        guard let automaton = PatternAutomaton(node) else { return false }
        return !automaton.exactStates(after: PreparedText(text.unicodeScalars)).isEmpty
    }

    @Test(
        "exact prefixes",
        arguments: [
            ("the cache holds {int} image(s)", false, "the cache holds 12 images"),
            ("the cache holds {int} image(s)", false, "the cache holds -3 image"),
            ("is/are delivered", false, "are deliv"),
            (#"a \(literal\) parenthesis"#, false, "a (literal) par"),
            (#"^I have (\d+) cukes?$"#, true, "I have 42 cuke"),
            (#"^(?:I|we) ha[sv]e? (\w+)$"#, true, "we have lots"),
            (#"^price: \$(\d+)\.(\d{2})$"#, true, "price: $3.50"),
        ])
    func prefixes(source: String, regular: Bool, text: String) {
        #expect(prefixStates(source, regular: regular, text))
    }

    @Test(
        "not prefixes",
        arguments: [
            ("the cache holds {int} image(s)", false, "the cache holds x"),
            ("is/are delivered", false, "was"),
            (#"^I have (\d+) cukes?$"#, true, "I have many"),
        ])
    func notPrefixes(source: String, regular: Bool, text: String) {
        #expect(!prefixStates(source, regular: regular, text))
    }

    @Test("the bit-parallel distance of plain texts is the automaton's, case ignored")
    func bitParallelAgrees() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Unicode.Scalar] = ["a", "b", "B", "c", " ", "é", "É", "\u{1F600}"]
        for _ in 0..<500 {
            let left = String(
                String.UnicodeScalarView(
                    (0..<Int.random(in: 1...64, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator) ?? "a"
                    }))
            let right = String(
                String.UnicodeScalarView(
                    (0..<Int.random(in: 0...70, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator) ?? "a"
                    }))
            let plain = try #require(BitParallelDistance(PreparedText(left.unicodeScalars)))
            let automaton = try #require(PatternAutomaton(.sequence(right.unicodeScalars.map(PatternNode.literal))))
            let expected = automaton.distance(to: PreparedText(left.unicodeScalars), limit: 1_000)
            #expect(plain.distance(to: PreparedText(right.unicodeScalars).folded) == expected, "\(left) / \(right)")
        }
    }

    @Test("an outline's placeholder stands for a whole value when completing")
    func placeholders() throws {
        let patterns = StepPatterns(
            definitions: [.init(source: "the cache holds {int} image(s) saved {} ago", isRegularExpression: false)])
        let typed = "the cache holds <count> images saved <age> a"
        let segments = try #require(patterns.continuation(of: 0, typed: typed, from: typed.unicodeScalars.count - 1))
        #expect(segments == [.text("ago")])
        #expect(patterns.continuation(of: 0, typed: "the cache holds <count images", from: 29) == nil)
        #expect(patterns.continuation(of: 0, typed: "the cache holds 3 <x", from: 18) == nil, "no `>` yet")
    }

    @Test("a pattern too large to compare is refused, not compiled")
    func tooLarge() {
        let node = PatternNode.sequence(Array(repeating: .literal("a"), count: PatternAutomaton.maximumStates + 1))
        #expect(PatternAutomaton(node) == nil)
    }
}

@Suite("Edit distance, the command line's did-you-mean")
struct EditDistanceTests {
    @Test func distances() {
        #expect(editDistance("--formta", "--format") == 2)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("same", "same") == 0)
        #expect(editDistance("kitten", "sitting", limit: 2) == 2)
    }
}

@Suite("Scalar classes")
struct ScalarSetTests {
    @Test("digit, word and space answer for every ASCII scalar as Unicode's properties do", arguments: 0..<0x80)
    func asciiClassesMatchUnicodeProperties(value: Int) throws {
        let scalar = try #require(Unicode.Scalar(UInt32(value)))
        let isDigit = scalar.properties.numericType == .decimal
        let isWord = isDigit || scalar == "_" || scalar.properties.isAlphabetic
        #expect(ScalarSet.digit.contains(scalar) == isDigit)
        #expect(ScalarSet.word.contains(scalar) == isWord)
        #expect(ScalarSet.space.contains(scalar) == scalar.properties.isWhitespace)
        #expect(ScalarSet(classes: .notSpace).contains(scalar) == !scalar.properties.isWhitespace)
        #expect(ScalarSet(classes: .notWord).contains(scalar) == !isWord)
    }
}
