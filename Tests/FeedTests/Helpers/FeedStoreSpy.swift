import Feed
import Foundation

/// A store that records what it is asked and answers as stubbed.
actor FeedStoreSpy: FeedStore {
    enum Message: Equatable {
        case deleteCachedFeed
        case insert([LocalFeedImage], Date)
        case retrieve
    }

    private(set) var messages: [Message] = []
    private var deletionResult: Result<Void, any Error> = .success(())
    private var insertionResult: Result<Void, any Error> = .success(())
    private var retrievalResult: Result<CachedFeed?, any Error> = .success(nil)

    init(
        deletion: Result<Void, any Error> = .success(()), insertion: Result<Void, any Error> = .success(()),
        retrieval: Result<CachedFeed?, any Error> = .success(nil)
    ) {
        self.deletionResult = deletion
        self.insertionResult = insertion
        self.retrievalResult = retrieval
    }

    func deleteCachedFeed() throws {
        messages.append(.deleteCachedFeed)
        try deletionResult.get()
    }

    func insert(_ feed: [LocalFeedImage], timestamp: Date) throws {
        messages.append(.insert(feed, timestamp))
        try insertionResult.get()
    }

    func retrieve() throws -> CachedFeed? {
        messages.append(.retrieve)
        return try retrievalResult.get()
    }
}
