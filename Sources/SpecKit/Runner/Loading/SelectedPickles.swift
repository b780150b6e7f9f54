/// The selected pickles of a whole run, in run order, pass after pass: once to emit every `testCase` message, once
/// more to run them.
protocol SelectedPickles: Sendable {
    /// How many pickles are selected.
    var count: Int { get }
    /// How many ids their test cases draw, all together (`TestCasePlanner.idCount`).
    var testCaseIdCount: Int { get }

    /// Calls `body` with each selected pickle, in run order; `parsingAhead` lets a feed that parses its files
    /// parse the next ones on a thread of their own meanwhile.
    ///
    /// - Throws: `SpecRunError` when a file cannot be parsed again.
    func forEach(parsingAhead: Bool, _ body: (SelectedPickle) -> Void) throws(SpecRunError)
}
