import Foundation

/// One rule sorting the scenarios that did not pass into a category, in the terms of Allure's `categories.json`:
/// a name, the statuses it takes (`matchedStatuses`; none given: any), and regular expressions that the whole
/// failure message (`messageRegex`) and the whole trace (`traceRegex`) must match, `.` matching line breaks too.
///
/// ```json
/// { "name": "Server down", "matchedStatuses": ["broken"], "messageRegex": ".*Couldn't connect.*" }
/// ```
///
/// `FailureCategories` applies a run's rules, and the built-in categories to a failure none of them takes.
public struct FailureCategory: Sendable, Hashable {
    /// What a scenario that did not pass ended as, in the words a category's `matchedStatuses` uses.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// An expectation was not met (a failed `#expect` or `#require`, `StepFailure`): the product did not do
        /// what the spec says. Allure's `failed`.
        case failed
        /// A step broke: it threw an error, ran out of time, crashed, or could not read its data table. Allure's
        /// `broken`.
        case broken
        /// No step definition matches a step.
        case undefined
        /// More than one step definition matches a step.
        case ambiguous
        /// A step is not implemented yet.
        case pending

        /// The exception types of an expectation not met: every other failure is `broken`.
        public static let expectationTypes: Set<String> = ["ExpectationFailed", "StepFailure"]

        /// The status of a step that ended with `result`; nil for a step that passed, was skipped or is unknown.
        public init?(_ result: TestStepResult) {
            switch result.status {
            case .failed:
                self = Self.expectationTypes.contains(result.exception?.type ?? "") ? .failed : .broken
            case .undefined: self = .undefined
            case .ambiguous: self = .ambiguous
            case .pending: self = .pending
            case .passed, .skipped, .unknown: return nil
            }
        }
    }

    /// The category's name, as the reports show it.
    public var name: String
    /// The statuses the category takes; empty: any.
    public var matchedStatuses: [Status]
    /// A regular expression the whole failure message must match, if given.
    public var messageRegex: String?
    /// A regular expression the whole trace (`TYPE: MESSAGE`, then the `at FILE:LINE` lines) must match, if given.
    public var traceRegex: String?

    /// Creates a rule.
    public init(name: String, matchedStatuses: [Status] = [], messageRegex: String? = nil, traceRegex: String? = nil) {
        self.name = name
        self.matchedStatuses = matchedStatuses
        self.messageRegex = messageRegex
        self.traceRegex = traceRegex
    }

    /// The categories a failure falls in when no rule of the run takes it, by its status (and `Crash` for a step
    /// whose runner process crashed).
    public static let builtInNames = [
        productDefects, brokenTests, crashes, undefinedSteps, ambiguousSteps, pendingSteps,
    ]
    /// An expectation not met.
    public static let productDefects = "Product defects"
    /// A step that threw, timed out or could not read its table.
    public static let brokenTests = "Broken tests"
    /// A step whose process crashed.
    public static let crashes = "Crashes"
    /// A step no definition matches.
    public static let undefinedSteps = "Undefined steps"
    /// A step several definitions match.
    public static let ambiguousSteps = "Ambiguous steps"
    /// A step not implemented yet.
    public static let pendingSteps = "Pending steps"
}

/// What a category is matched against: the failure of a scenario that did not pass (its first step that did not).
public struct CategorizedFailure: Sendable, Hashable {
    /// What the scenario ended as.
    public var status: FailureCategory.Status
    /// The exception's type (`ExpectationFailed`, `TimeoutError`, `Crash`...), if any.
    public var exceptionType: String?
    /// The failure's message.
    public var message: String
    /// The trace a `traceRegex` matches: `TYPE: MESSAGE`, then the `at FILE:LINE` lines.
    public var trace: String

    /// The failure of a step that ended with `result`; `step` is the step as written (`Then the app shows 3
    /// images`), the message of a step with none (undefined, ambiguous or pending without a reason). Nil for a
    /// step that passed or was skipped.
    public init?(result: TestStepResult, step: String) {
        guard let status = FailureCategory.Status(result) else { return nil }
        self.status = status
        exceptionType = result.exception?.type
        let message =
            result.message ?? result.exception?.message
            ?? "\(status.rawValue.prefix(1).uppercased())\(status.rawValue.dropFirst()) step: \(step)"
        self.message = message
        trace = [result.exception.map { "\($0.type): \(message)" } ?? message, result.exception?.stackTrace]
            .compactMap { $0 }.joined(separator: "\n")
    }
}

/// A rule of `categories` that cannot be used: which one (its position and name), which field, and why.
public struct FailureCategoryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule's position in the list, from 0.
    public var index: Int
    /// The rule's name, when it has one.
    public var name: String?
    /// The field at fault (`messageRegex`), nil for the rule as a whole.
    public var field: String?
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    public init(index: Int, name: String? = nil, field: String? = nil, reason: String) {
        self.index = index
        self.name = name
        self.field = field
        self.reason = reason
    }

    /// `category 2 ("Server down"): messageRegex: …`.
    public var description: String {
        "category \(index + 1)" + (name.map { " (\"\($0)\")" } ?? "") + ": " + (field.map { "\($0): " } ?? "") + reason
    }
}

/// The failure categories of a run: the team's rules in their order (a failure takes every rule it matches, as
/// Allure does), then, for a failure no rule takes, the built-in category of its status: product defects,
/// broken tests, crashes, undefined, ambiguous or pending steps.
///
/// ```swift
/// let categories = try FailureCategories([FailureCategory(name: "Server down", messageRegex: ".*connect.*")])
/// categories.names(of: failure)  // ["Server down"], or ["Product defects"] when no rule takes it
/// ```
public struct FailureCategories: Sendable, Hashable {
    /// The team's rules, in order.
    public let rules: [FailureCategory]
    private let compiled: [Compiled]

    private struct Compiled: @unchecked Sendable {
        // NSRegularExpression is immutable once made and safe to share across threads (its documentation says
        // so); only the corelibs' declaration lacks `Sendable`.
        var message: NSRegularExpression?
        var trace: NSRegularExpression?
    }

    /// The built-in categories alone.
    public init() {
        rules = []
        compiled = []
    }

    /// The categories of `rules`, then the built-in ones.
    ///
    /// - Throws: `FailureCategoryError` for a rule without a name or with a regular expression that does not
    ///   compile, naming the rule and the field.
    public init(_ rules: [FailureCategory]) throws(FailureCategoryError) {
        var compiled: [Compiled] = []
        for (index, rule) in rules.enumerated() {
            guard !rule.name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw FailureCategoryError(index: index, field: "name", reason: "a category needs a name")
            }
            func regex(_ pattern: String?, field: String) throws(FailureCategoryError) -> NSRegularExpression? {
                guard let pattern else { return nil }
                do {
                    // Anchored and `.` matching line breaks: Java's `Pattern.DOTALL` and `matches()`, as Allure.
                    return try NSRegularExpression(
                        pattern: "\\A(?:\(pattern))\\z", options: [.dotMatchesLineSeparators])
                } catch {
                    throw FailureCategoryError(
                        index: index, name: rule.name, field: field,
                        reason: "\"\(pattern)\" is not a valid regular expression")
                }
            }
            compiled.append(
                Compiled(
                    message: try regex(rule.messageRegex, field: "messageRegex"),
                    trace: try regex(rule.traceRegex, field: "traceRegex")))
        }
        self.rules = rules
        self.compiled = compiled
    }

    /// The names of the categories `failure` falls in: every rule that takes it, else its built-in category.
    public func names(of failure: CategorizedFailure) -> [String] {
        var names: [String] = []
        for (rule, regexes) in zip(rules, compiled) where !names.contains(rule.name) {
            guard rule.matchedStatuses.isEmpty || rule.matchedStatuses.contains(failure.status),
                Self.matches(regexes.message, failure.message), Self.matches(regexes.trace, failure.trace)
            else { continue }
            names.append(rule.name)
        }
        return names.isEmpty ? [Self.builtInName(of: failure)] : names
    }

    /// Every category name a failure can fall in, in the order the reports list them: the rules', then the
    /// built-in ones.
    public var orderedNames: [String] {
        var names: [String] = []
        for name in rules.map(\.name) + FailureCategory.builtInNames where !names.contains(name) { names.append(name) }
        return names
    }

    /// Two are equal when their rules are.
    public static func == (lhs: FailureCategories, rhs: FailureCategories) -> Bool { lhs.rules == rhs.rules }

    /// Hashes the rules.
    public func hash(into hasher: inout Hasher) { hasher.combine(rules) }

    private static func builtInName(of failure: CategorizedFailure) -> String {
        switch failure.status {
        case .failed: FailureCategory.productDefects
        case .broken: failure.exceptionType == "Crash" ? FailureCategory.crashes : FailureCategory.brokenTests
        case .undefined: FailureCategory.undefinedSteps
        case .ambiguous: FailureCategory.ambiguousSteps
        case .pending: FailureCategory.pendingSteps
        }
    }

    private static func matches(_ regex: NSRegularExpression?, _ text: String) -> Bool {
        guard let regex else { return true }
        let range = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, options: [], range: range) != nil
    }
}
