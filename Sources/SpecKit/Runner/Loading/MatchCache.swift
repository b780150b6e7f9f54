import Messages
import Synchronization

/// How each distinct step text matched the library, computed once per runner.
///
/// Real suites repeat their step texts (a background's steps in every scenario, an outline's steps in every
/// row), so matching each text once, with its message parts, saves most of the matching work. Matching is a
/// pure function of the text and the library, so a cached match is the match.
///
/// Holds at most `capacity` texts: when it is full it starts afresh, so memory stays bounded (an entry, with its
/// arguments and message parts, takes one to two kilobytes) while the texts repeated near each other (a background,
/// an outline's rows) are still matched once.
final class MatchCache: Sendable {
    /// A text's match, with what the `testCase` message says of it.
    struct Entry: Sendable {
        let match: StepMatch
        let definitionIds: [String]
        let argumentsLists: [StepMatchArgumentsList]
    }

    static let defaultCapacity = 8_192

    let capacity: Int
    private let entries = Mutex<[String: Entry]>([:])

    init(capacity: Int = MatchCache.defaultCapacity) {
        self.capacity = capacity
    }

    /// The cached entry of `text`, or the one `make` computes (kept while there is room).
    func entry(for text: String, make: (String) -> Entry) -> Entry {
        if let found = entries.withLock({ $0[text] }) { return found }
        let made = make(text)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[text] = made
        }
        return made
    }

    /// How many texts are cached.
    var count: Int {
        entries.withLock { $0.count }
    }
}
