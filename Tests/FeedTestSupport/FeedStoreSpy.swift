import Feed
import Foundation
import Testing

/// A store that records what it is asked, transaction by transaction, and answers as stubbed.
package actor FeedStoreSpy: FeedStore {
    package enum Message: Equatable {
        case beginTransaction
        case deleteCachedFeed
        case insert([LocalFeedImage], Date)
        case commit
        case rollBack
        case retrieve
    }

    package private(set) var messages: [Message] = []
    private var deletionResult: Result<Void, any Error> = .success(())
    private var insertionResult: Result<Void, any Error> = .success(())
    private var commitResult: Result<Void, any Error> = .success(())
    private var retrievalResult: Result<CachedFeed?, any Error> = .success(nil)

    package init(
        deletion: Result<Void, any Error> = .success(()), insertion: Result<Void, any Error> = .success(()),
        commit: Result<Void, any Error> = .success(()), retrieval: Result<CachedFeed?, any Error> = .success(nil)
    ) {
        self.deletionResult = deletion
        self.insertionResult = insertion
        self.commitResult = commit
        self.retrievalResult = retrieval
    }

    /// The messages without the transaction's bounds: what was deleted, inserted and retrieved.
    package var operations: [Message] {
        messages.filter { ![.beginTransaction, .commit, .rollBack].contains($0) }
    }

    package func transaction<Result: Sendable>(
        _ changes: @Sendable (any FeedStoreTransaction) throws -> Result
    ) throws -> Result {
        messages.append(.beginTransaction)
        let recorder = Recorder(deletion: deletionResult, insertion: insertionResult)
        let result: Result
        do {
            result = try changes(recorder)
        } catch {
            messages += recorder.messages + [.rollBack]
            throw error
        }
        messages += recorder.messages
        do {
            try commitResult.get()
        } catch {
            messages.append(.rollBack)
            throw error
        }
        messages.append(.commit)
        return result
    }

    package func retrieve() throws -> CachedFeed? {
        messages.append(.retrieve)
        return try retrievalResult.get()
    }

    private final class Recorder: FeedStoreTransaction {
        let deletion: Result<Void, any Error>
        let insertion: Result<Void, any Error>
        var messages: [Message] = []

        init(deletion: Result<Void, any Error>, insertion: Result<Void, any Error>) {
            self.deletion = deletion
            self.insertion = insertion
        }

        func deleteCachedFeed() throws {
            messages.append(.deleteCachedFeed)
            try deletion.get()
        }

        func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
            messages.append(.insert(feed, timestamp))
            try insertion.get()
        }
    }
}
