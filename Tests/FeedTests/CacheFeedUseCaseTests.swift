import Feed
import FeedTestSupport
import Foundation
import Testing

@Suite("Cache feed")
struct CacheFeedUseCaseTests {
    @Test func `init does not message the store`() async {
        let store = FeedStoreSpy()

        _ = LocalFeedLoader(store: store, currentDate: { testNow })

        #expect(await store.messages.isEmpty)
    }

    @Test func `save requests cache deletion`() async throws {
        let store = FeedStoreSpy()

        try await LocalFeedLoader(store: store, currentDate: { testNow }).save(uniqueImageFeed().models)

        #expect(await store.operations.first == .deleteCachedFeed)
    }

    @Test func `save does not request cache insertion on deletion error, and rolls the deletion back`() async {
        let store = FeedStoreSpy(deletion: .failure(AnyError()))

        try? await LocalFeedLoader(store: store, currentDate: { testNow }).save(uniqueImageFeed().models)

        #expect(await store.messages == [.beginTransaction, .deleteCachedFeed, .rollBack])
    }

    @Test func `save requests new cache insertion with timestamp on successful deletion`() async throws {
        let store = FeedStoreSpy()
        let feed = uniqueImageFeed()

        try await LocalFeedLoader(store: store, currentDate: { testNow }).save(feed.models)

        #expect(await store.operations == [.deleteCachedFeed, .insert(feed.local, testNow)])
    }

    @Test func `save deletes and inserts in one transaction, committed after the insertion`() async throws {
        let store = FeedStoreSpy()
        let feed = uniqueImageFeed()

        try await LocalFeedLoader(store: store, currentDate: { testNow }).save(feed.models)

        #expect(
            await store.messages == [.beginTransaction, .deleteCachedFeed, .insert(feed.local, testNow), .commit])
    }

    @Test func `save rolls the deletion back on insertion error`() async {
        let store = FeedStoreSpy(insertion: .failure(AnyError()))
        let feed = uniqueImageFeed()

        try? await LocalFeedLoader(store: store, currentDate: { testNow }).save(feed.models)

        #expect(
            await store.messages == [.beginTransaction, .deleteCachedFeed, .insert(feed.local, testNow), .rollBack])
    }

    @Test func `save fails with an insertion error when the store cannot commit`() async {
        let store = FeedStoreSpy(commit: .failure(AnyError(tag: "commit")))

        await #expect {
            try await LocalFeedLoader(store: store, currentDate: { testNow }).save(uniqueImageFeed().models)
        } throws: { error in
            guard case LocalFeedLoader.Error.insertionFailed(let cause) = error else { return false }
            return cause as? AnyError == AnyError(tag: "commit")
        }
    }

    @Test func `save fails on deletion error`() async {
        let store = FeedStoreSpy(deletion: .failure(AnyError(tag: "deletion")))

        await #expect {
            try await LocalFeedLoader(store: store, currentDate: { testNow }).save(uniqueImageFeed().models)
        } throws: { error in
            guard case LocalFeedLoader.Error.deletionFailed(let cause) = error else { return false }
            return cause as? AnyError == AnyError(tag: "deletion")
        }
    }

    @Test func `save fails on insertion error`() async {
        let store = FeedStoreSpy(insertion: .failure(AnyError(tag: "insertion")))

        await #expect {
            try await LocalFeedLoader(store: store, currentDate: { testNow }).save(uniqueImageFeed().models)
        } throws: { error in
            guard case LocalFeedLoader.Error.insertionFailed(let cause) = error else { return false }
            return cause as? AnyError == AnyError(tag: "insertion")
        }
    }

    @Test func `save succeeds on successful cache insertion`() async {
        let store = FeedStoreSpy()

        await #expect(throws: Never.self) {
            try await LocalFeedLoader(store: store, currentDate: { testNow }).save(uniqueImageFeed().models)
        }
    }

    @Test func `save of an empty feed inserts an empty feed with the timestamp`() async throws {
        let store = FeedStoreSpy()

        try await LocalFeedLoader(store: store, currentDate: { testNow }).save([])

        #expect(await store.operations == [.deleteCachedFeed, .insert([], testNow)])
    }

    @Test func `save keeps every field of every image, in order`() async throws {
        let store = FeedStoreSpy()
        let image = FeedImage(
            id: "photo-1", description: "d", location: "l", url: URL(string: "https://i.test.example/1")!,
            photographer: "p")

        try await LocalFeedLoader(store: store, currentDate: { testNow }).save([image, uniqueImage()])

        guard case .insert(let local, _)? = await store.operations.last else {
            Issue.record("no insertion")
            return
        }
        #expect(
            local.first
                == LocalFeedImage(id: "photo-1", description: "d", location: "l", url: image.url, photographer: "p"))
        #expect(local.count == 2)
    }
}
