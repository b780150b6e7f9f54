// The parser's state machine in pieces: the grammar's rules, the transitions between states, a state.

/// The rules of the Gherkin grammar that build a node of the syntax tree (the `!` rules of Gherkin v42):
///
///     GherkinDocument! := Feature?
///     Feature! := FeatureHeader Background? ScenarioDefinition* Rule*
///     FeatureHeader! := #Language? Tags? #FeatureLine DescriptionHelper
///     Rule! := RuleHeader Background? ScenarioDefinition*
///     RuleHeader! := Tags? #RuleLine DescriptionHelper
///     Background! := #BackgroundLine DescriptionHelper Step*
///     ScenarioDefinition! [#Empty|#Comment|#TagLine->#ScenarioLine] := Tags? Scenario
///     Scenario! := #ScenarioLine DescriptionHelper Step* ExamplesDefinition*
///     ExamplesDefinition! [#Empty|#Comment|#TagLine->#ExamplesLine] := Tags? Examples
///     Examples! := #ExamplesLine DescriptionHelper ExamplesTable?
///     ExamplesTable! := #TableRow #TableRow*
///     Step! := #StepLine StepArg?
///     StepArg := (GherkinDataTable GherkinDocString? | GherkinDocString GherkinDataTable?)
///     GherkinDataTable! := #TableRow+
///     GherkinDocString! := #DocStringSeparator #Other* #DocStringSeparator
///     Tags! := #TagLine+
///     DescriptionHelper := #Empty* Description?
///     Description! := (#Other | #Comment)+
///
/// `#Comment` and `#Empty` may appear anywhere else and are skipped.
enum RuleType: UInt8, Sendable, CaseIterable {
    /// The whole document.
    case gherkinDocument
    /// A feature with its children.
    case feature
    /// The language, tags, title line and description of a feature.
    case featureHeader
    /// A rule with its children.
    case rule
    /// The tags, title line and description of a rule.
    case ruleHeader
    /// A background.
    case background
    /// A scenario with its tags.
    case scenarioDefinition
    /// A scenario without its tags.
    case scenario
    /// An examples block with its tags.
    case examplesDefinition
    /// An examples block without its tags.
    case examples
    /// The table of an examples block.
    case examplesTable
    /// A step with its argument.
    case step
    /// A data table.
    case dataTable
    /// A doc string.
    case docString
    /// The tag lines above a feature, rule, scenario or examples block.
    case tags
    /// Description lines.
    case description
}

/// A tag line is ambiguous after a scenario or examples block; the parser looks ahead past empty, comment and
/// tag lines to find which title line follows.
enum Lookahead: UInt8 {
    case none
    /// The tags belong to a scenario.
    case scenario
    /// The tags belong to an examples block.
    case examples
}

/// One way out of a parser state: when the token is of `token` (and the lookahead agrees), close `ends`,
/// open `starts`, hand the token to the builder and go to `next`.
struct Transition {
    let token: TokenType
    let lookahead: Lookahead
    let ends: [RuleType]
    let starts: [RuleType]
    let next: Int
}

/// A parser state: its transitions in the order they are tried, and the expected-token list of its error.
struct ParserState {
    let transitions: [Transition]
    let expected: String
}
