import Messages

/// One test case of the run and its attempts so far: what the query holds for it until it is *settled* (its last
/// attempt ended and will not be retried) and every formatter has seen it.
final class TestCaseRun {
    let testCase: TestCase
    let pickle: Pickle?
    /// The position of the test case among those that started, in the order they first started: the order of
    /// `countedAttempts`, and of the scenarios in the JUnit and Cucumber JSON reports.
    let ordinal: Int
    /// The position of the pickle among the stream's pickles (nil without a pickle).
    let pickleOrdinal: Int?
    /// The position of the pickle's document among the stream's documents (nil when the stream has none).
    let documentOrdinal: Int?
    /// Every attempt, in order; the last one counts.
    var attempts: [TestCaseAttempt] = []
    /// Whether the last attempt ended and will not be retried.
    var isSettled = false
    /// Whether the settled test case was added to its document's count.
    var countedInDocument = false
    /// The key of its scenario in a run history (`.streaming` queries noting outcomes only).
    var historyKey: String?

    init(testCase: TestCase, pickle: Pickle?, ordinal: Int, pickleOrdinal: Int?, documentOrdinal: Int?) {
        self.testCase = testCase
        self.pickle = pickle
        self.ordinal = ordinal
        self.pickleOrdinal = pickleOrdinal
        self.documentOrdinal = documentOrdinal
    }

    /// The attempt that counts.
    var counted: TestCaseAttempt? { attempts.last }
}

/// What the query knows of one Gherkin document of the stream, whatever it retains.
struct DocumentEntry {
    /// Where a `.streaming` query spooled the document (unused when it keeps everything).
    var slot = MessageSpool.Slot(offset: 0, length: 0)
    /// The position of the document among the documents with a feature (nil without a feature).
    var featureIndex: Int32 = -1
    /// The pickles of the document (whose URI is the document's), and how many of them settled.
    var pickleCount: Int32 = 0
    var settledCount: Int32 = 0
    /// Whether every pickle of the document settled after the run started.
    var isComplete = false
}
