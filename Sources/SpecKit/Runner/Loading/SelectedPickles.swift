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

    /// Whether `selection(of:)` reads the pickles of one file (by default, no: a plan held whole, a stream read
    /// whole first).
    var readsByFile: Bool { get }

    /// The selected pickles of the file `origin` names, in run order, its ids drawn from where `origin` says.
    ///
    /// - Throws: `SpecRunError` when the file cannot be read.
    func selection(of origin: PickleOrigin) throws(SpecRunError) -> [SelectedPickle]
}

extension SelectedPickles {
    var readsByFile: Bool { false }

    func selection(of origin: PickleOrigin) throws(SpecRunError) -> [SelectedPickle] { [] }
}
