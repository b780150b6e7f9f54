import Messages

/// The keywords of one spoken language, as in the official `gherkin-languages.json`.
///
/// Title keywords (`feature`, `rule`, `background`, `scenario`, `scenarioOutline`, `examples`) are written without
/// the colon; step keywords keep their trailing space (`"Given "`), except the ones that attach to the next word
/// (French `"Lorsqu'"`) and the catch-all `"* "`.
public struct GherkinDialect: Sendable, Hashable {
    /// The language code used in `# language: xx` headers, e.g. `"en"` or `"pt"`.
    public var language: String
    /// The English name of the language.
    public var name: String
    /// The name of the language in the language itself.
    public var native: String
    /// Keywords that open a feature.
    public var feature: [String]
    /// Keywords that open a rule.
    public var rule: [String]
    /// Keywords that open a background.
    public var background: [String]
    /// Keywords that open a scenario.
    public var scenario: [String]
    /// Keywords that open a scenario outline (a scenario with examples).
    public var scenarioOutline: [String]
    /// Keywords that open an examples table.
    public var examples: [String]
    /// Keywords of context steps.
    public var given: [String]
    /// Keywords of action steps.
    public var when: [String]
    /// Keywords of outcome steps.
    public var then: [String]
    /// Keywords of conjunction steps that continue the previous step's kind.
    public var and: [String]
    /// Keywords of conjunction steps that contrast with the previous step.
    public var but: [String]

    /// Creates a dialect from its keyword lists.
    public init(
        language: String, name: String, native: String, feature: [String], rule: [String], background: [String],
        scenario: [String], scenarioOutline: [String], examples: [String], given: [String], when: [String],
        then: [String], and: [String], but: [String]
    ) {
        self.language = language
        self.name = name
        self.native = native
        self.feature = feature
        self.rule = rule
        self.background = background
        self.scenario = scenario
        self.scenarioOutline = scenarioOutline
        self.examples = examples
        self.given = given
        self.when = when
        self.then = then
        self.and = and
        self.but = but
    }

    /// Every step keyword, longest first (in code points); keywords of equal length keep the order given, when,
    /// then, and, but.
    ///
    /// This is the order in which the parser tries them, so `"Given "` wins over `"* "` and `"Etant donné que "`
    /// over `"Etant donné "`.
    public var stepKeywords: [String] {
        let all = (given + when + then + and + but).enumerated().map {
            (offset: $0.offset, keyword: $0.element, length: $0.element.unicodeScalars.count)
        }
        return all.sorted { $0.length > $1.length || ($0.length == $1.length && $0.offset < $1.offset) }
            .map(\.keyword)
    }

    /// The kind of step a keyword introduces: `.unknown` when the keyword belongs to more than one list (`"* "`).
    public func keywordType(of keyword: String) -> StepKeywordType {
        var kinds: [StepKeywordType] = []
        for (list, kind) in [
            (given, StepKeywordType.context), (when, .action), (then, .outcome), (and, .conjunction),
            (but, .conjunction),
        ] {
            for candidate in list where candidate == keyword {
                kinds.append(kind)
            }
        }
        return kinds.count == 1 ? kinds[0] : .unknown
    }
}
