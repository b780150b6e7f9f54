import Foundation
import Messages

/// The test cases of a whole run, prepared on a thread of their own (`spec-preparer`) a few ahead of the workers,
/// with the ids the run drew for them when it emitted their `testCase` messages (drawn again from `start` on).
///
/// They are handed over a few at a time, so the workers are woken once per batch, not once per test case. A file
/// that can no longer be parsed ends the supply; `failure` says why.
///
/// In a worker process of a parallel run (`dispatch`), only the test cases handed to this worker are prepared, each
/// as soon as it is handed out, with the ids the command drew for it.
final class TestCaseSupply: Sendable {
    /// A test case ready to run.
    struct Supplied: Sendable {
        let testCase: PreparedTestCase
        /// Whether every step is skipped (the command said so: fail-fast after a failure on another worker).
        let skipAll: Bool
    }

    private let prepared = Handover<Supplied>(capacity: 64)
    private let failed = Locked<SpecRunError?>(nil)
    private static let batchSize = 16

    /// Starts preparing the test cases of `pickles`, their ids drawn from `start` on, or, with `dispatch`, those it
    /// hands out.
    init<World: Actor>(
        _ pickles: any SelectedPickles, planner: TestCasePlanner<World>, ids: IdSource, from start: Int,
        testRunStartedId: String, dispatch: (any TestCaseDispatch)? = nil
    ) {
        let producer = Thread { [prepared, failed] in
            do throws(SpecRunError) {
                if let dispatch {
                    try Self.prepareDispatched(
                        pickles, planner: planner, ids: ids, testRunStartedId: testRunStartedId, dispatch: dispatch,
                        into: prepared)
                } else {
                    var cursor = ids.cursor(at: start)
                    var batch: [Supplied] = []
                    batch.reserveCapacity(Self.batchSize)
                    try pickles.forEach(parsingAhead: false) { selected in
                        let testCase = planner.prepare(
                            selected, testRunStartedId: testRunStartedId, withTestSteps: false,
                            nextId: { cursor.next() })
                        batch.append(Supplied(testCase: testCase, skipAll: false))
                        if batch.count == Self.batchSize {
                            prepared.put(contentsOf: batch)
                            batch.removeAll(keepingCapacity: true)
                        }
                    }
                    prepared.put(contentsOf: batch)
                    // The ids a runner process skipped for the test cases (`testCaseIdCount`) must be those they take.
                    let drawn = cursor.position - start
                    if drawn != pickles.testCaseIdCount {
                        throw SpecRunError(
                            kind: .invalidConfiguration,
                            message: "the run's test cases took \(drawn) ids, not the \(pickles.testCaseIdCount) "
                                + "counted for them (a fault of the harness: please report it)")
                    }
                }
            } catch {
                failed.withLock { $0 = error }
            }
            prepared.finish()
        }
        producer.stackSize = 8 << 20
        producer.name = "spec-preparer"
        producer.start()
    }

    /// Prepares each test case `dispatch` hands out (handing it over at once: the command waits for it to finish
    /// before it hands out much more): found in its own file when the command says where (`PickleOrigin`) and the
    /// pickles can be read by file, else by walking the run's test cases in order until the walk reaches it.
    private static func prepareDispatched<World: Actor>(
        _ pickles: any SelectedPickles, planner: TestCasePlanner<World>, ids: IdSource, testRunStartedId: String,
        dispatch: any TestCaseDispatch, into prepared: Handover<Supplied>
    ) throws(SpecRunError) {
        var wanted = dispatch.next()
        if wanted?.origin != nil, pickles.readsByFile {
            // The files read last, kept while their next test cases come (a worker is handed a file's test cases
            // together, an exclusive one now and then in between).
            var files: [(file: Int32, selection: [SelectedPickle])] = []
            while let next = wanted {
                guard let origin = next.origin else {
                    throw SpecRunError(
                        kind: .invalidConfiguration,
                        message: "the worker was handed test case \(next.ordinal + 1) without its file, after others "
                            + "with theirs (a fault of the harness: please report it)")
                }
                let selection: [SelectedPickle]
                if let kept = files.first(where: { $0.file == origin.file }) {
                    selection = kept.selection
                } else {
                    selection = try pickles.selection(of: origin)
                    files.append((origin.file, selection))
                    if files.count > 4 { files.removeFirst() }
                }
                guard selection.indices.contains(Int(origin.index)) else {
                    throw SpecRunError(
                        kind: .unreadable,
                        message: "the spec files changed while the run read them: the command handed this worker "
                            + "scenario \(origin.index + 1) of file \(origin.file + 1), which now selects "
                            + "\(selection.count)")
                }
                var cursor = ids.cursor(at: next.idStart)
                let testCase = planner.prepare(
                    selection[Int(origin.index)], testRunStartedId: testRunStartedId, withTestSteps: false,
                    nextId: { cursor.next() })
                prepared.put(contentsOf: [Supplied(testCase: testCase, skipAll: next.skipAll)])
                wanted = dispatch.next()
            }
            return
        }
        var ordinal = 0
        var outOfOrder: DispatchedTestCase?
        try pickles.forEach(parsingAhead: false) { selected in
            defer { ordinal += 1 }
            guard let next = wanted, outOfOrder == nil else { return }
            if next.ordinal < ordinal {
                outOfOrder = next
                return
            }
            guard next.ordinal == ordinal else { return }
            var cursor = ids.cursor(at: next.idStart)
            let testCase = planner.prepare(
                selected, testRunStartedId: testRunStartedId, withTestSteps: false, nextId: { cursor.next() })
            prepared.put(contentsOf: [Supplied(testCase: testCase, skipAll: next.skipAll)])
            wanted = dispatch.next()
        }
        if let stray = outOfOrder ?? wanted {
            throw SpecRunError(
                kind: .invalidConfiguration,
                message:
                    "the worker was handed test case \(stray.ordinal + 1), which is not ahead of it in its run of "
                    + "\(ordinal) test cases: the command and the worker do not see the same run")
        }
    }

    /// The next test case, waiting for it; nil once every one was taken (or the supply failed).
    func take() -> Supplied? {
        prepared.take()
    }

    /// Why the supply ended early, if it did.
    var failure: SpecRunError? { failed.value }
}
