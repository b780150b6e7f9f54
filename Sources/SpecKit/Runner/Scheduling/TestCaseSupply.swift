import Foundation
import Messages

/// The test cases of a whole run, prepared on a thread of their own (`spec-preparer`) a few ahead of the workers,
/// with the ids the run drew for them when it emitted their `testCase` messages (drawn again from `start` on).
///
/// They are handed over a few at a time, so the workers are woken once per batch, not once per test case. A file
/// that can no longer be parsed ends the supply; `failure` says why.
final class TestCaseSupply: Sendable {
    private let prepared = Handover<PreparedTestCase>(capacity: 64)
    private let failed = Locked<SpecRunError?>(nil)
    private static let batchSize = 16

    /// Starts preparing the test cases of `pickles`, their ids drawn from `start` on.
    init<World: Actor>(
        _ pickles: any SelectedPickles, planner: TestCasePlanner<World>, ids: IdSource, from start: Int,
        testRunStartedId: String
    ) {
        let producer = Thread { [prepared, failed] in
            var cursor = ids.cursor(at: start)
            do throws(SpecRunError) {
                var batch: [PreparedTestCase] = []
                batch.reserveCapacity(Self.batchSize)
                try pickles.forEach(parsingAhead: false) { selected in
                    batch.append(
                        planner.prepare(
                            selected, testRunStartedId: testRunStartedId, withTestSteps: false,
                            nextId: { cursor.next() }))
                    if batch.count == Self.batchSize {
                        prepared.put(contentsOf: batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                prepared.put(contentsOf: batch)
            } catch {
                failed.withLock { $0 = error }
            }
            prepared.finish()
        }
        producer.stackSize = 8 << 20
        producer.name = "spec-preparer"
        producer.start()
    }

    /// The next test case, waiting for it; nil once every one was taken (or the supply failed).
    func take() -> PreparedTestCase? {
        prepared.take()
    }

    /// Why the supply ended early, if it did.
    var failure: SpecRunError? { failed.value }
}
