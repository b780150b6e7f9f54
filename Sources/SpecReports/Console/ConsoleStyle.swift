import Messages

/// Whether console output is coloured, and how. The command line decides (a terminal, and no `NO_COLOR`);
/// formatters only follow.
public struct ConsoleStyle: Sendable, Hashable {
    /// Whether ANSI colour codes are written.
    public var usesColors: Bool

    /// Creates a style.
    public init(usesColors: Bool) {
        self.usesColors = usesColors
    }

    /// No colours.
    public static let plain = ConsoleStyle(usesColors: false)
    /// ANSI colours.
    public static let colored = ConsoleStyle(usesColors: true)

    /// Whether colours suit an output: `isTerminal` and no `NO_COLOR` variable with a non-empty value
    /// (see https://no-color.org).
    public static func automatic(isTerminal: Bool, environment: [String: String]) -> ConsoleStyle {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return ConsoleStyle(usesColors: isTerminal && !noColor)
    }

    /// `text` in the colour Cucumber uses for `status`: green passed, red failed and ambiguous, yellow pending
    /// and undefined, cyan skipped.
    package func status(_ status: TestStepResultStatus, _ text: String) -> String {
        switch status {
        case .passed: paint(text, 32)
        case .failed, .ambiguous: paint(text, 31)
        case .pending, .undefined: paint(text, 33)
        case .skipped: paint(text, 36)
        case .unknown: text
        }
    }

    /// `text` in grey, as Cucumber writes source locations.
    package func location(_ text: String) -> String { paint(text, 90) }

    /// `text` in cyan, as Cucumber writes tags.
    package func tag(_ text: String) -> String { paint(text, 36) }

    /// `text` in bold.
    package func bold(_ text: String) -> String {
        usesColors ? "\u{1B}[1m\(text)\u{1B}[22m" : text
    }

    /// `text` in yellow, for warnings such as an interrupted run.
    package func warning(_ text: String) -> String { paint(text, 33) }

    /// `text` in red, for errors outside the steps.
    package func error(_ text: String) -> String { paint(text, 31) }

    private func paint(_ text: String, _ code: Int) -> String {
        usesColors && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[39m" : text
    }
}
