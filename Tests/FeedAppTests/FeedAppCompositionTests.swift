import Feed
import FeedApp
import FeedTestSupport
import Foundation
import Testing

/// A loader that delivers a stubbed result and counts its calls.
private final class LoaderStub: FeedLoader, @unchecked Sendable {
    private let lock = NSLock()
    private let result: Result<[FeedImage], any Error>
    private var calls = 0

    init(_ result: Result<[FeedImage], any Error>) {
        self.result = result
    }

    var loadCount: Int { lock.withLock { calls } }

    func load() async throws -> [FeedImage] {
        lock.withLock { calls += 1 }
        return try result.get()
    }
}

/// A cache that records what it saves and answers as stubbed.
private final class CacheSpy: FeedCache, @unchecked Sendable {
    private let lock = NSLock()
    private let result: Result<Void, any Error>
    private var saved: [[FeedImage]] = []

    init(_ result: Result<Void, any Error> = .success(())) {
        self.result = result
    }

    var savedFeeds: [[FeedImage]] { lock.withLock { saved } }

    func save(_ feed: [FeedImage]) async throws {
        lock.withLock { saved.append(feed) }
        try result.get()
    }
}

@Suite("App composition")
struct FeedAppCompositionTests {
    @Test func `fallback composite delivers the primary feed on primary success without loading the fallback`()
        async throws
    {
        let primaryFeed = uniqueImageFeed().models
        let fallback = LoaderStub(.success(uniqueImageFeed().models))
        let loader = FeedLoaderWithFallback(primary: LoaderStub(.success(primaryFeed)), fallback: fallback)

        #expect(try await loader.load() == primaryFeed)
        #expect(fallback.loadCount == 0)
    }

    @Test func `fallback composite delivers the fallback feed on primary failure`() async throws {
        let fallbackFeed = uniqueImageFeed().models
        let loader = FeedLoaderWithFallback(
            primary: LoaderStub(.failure(AnyError())), fallback: LoaderStub(.success(fallbackFeed)))

        #expect(try await loader.load() == fallbackFeed)
    }

    @Test func `fallback composite delivers the fallback error when both fail`() async {
        let loader = FeedLoaderWithFallback(
            primary: LoaderStub(.failure(AnyError(tag: "primary"))),
            fallback: LoaderStub(.failure(AnyError(tag: "fallback"))))

        await #expect(throws: AnyError(tag: "fallback")) {
            _ = try await loader.load()
        }
    }

    @Test func `fallback composite does not fall back on cancellation`() async {
        let fallback = LoaderStub(.success([]))
        let loader = FeedLoaderWithFallback(primary: LoaderStub(.failure(CancellationError())), fallback: fallback)

        await #expect(throws: CancellationError.self) {
            _ = try await loader.load()
        }
        #expect(fallback.loadCount == 0)
    }

    @Test func `cache decorator saves the loaded feed and delivers it`() async throws {
        let feed = uniqueImageFeed().models
        let cache = CacheSpy()
        let loader = FeedLoaderCacheDecorator(decoratee: LoaderStub(.success(feed)), cache: cache)

        #expect(try await loader.load() == feed)
        #expect(cache.savedFeeds == [feed])
    }

    @Test func `cache decorator delivers the feed even when saving fails`() async throws {
        let feed = uniqueImageFeed().models
        let loader = FeedLoaderCacheDecorator(
            decoratee: LoaderStub(.success(feed)), cache: CacheSpy(.failure(AnyError())))

        #expect(try await loader.load() == feed)
    }

    @Test func `cache decorator saves nothing when loading fails`() async {
        let cache = CacheSpy()
        let loader = FeedLoaderCacheDecorator(decoratee: LoaderStub(.failure(AnyError())), cache: cache)

        await #expect(throws: AnyError.self) {
            _ = try await loader.load()
        }
        #expect(cache.savedFeeds.isEmpty)
    }

    @Test func `non-empty loader turns no images into an error`() async {
        await #expect(throws: NonEmptyFeedLoader.EmptyFeedError.self) {
            _ = try await NonEmptyFeedLoader(LoaderStub(.success([]))).load()
        }
    }

    @Test func `non-empty loader delivers a feed with images`() async throws {
        let feed = uniqueImageFeed().models

        #expect(try await NonEmptyFeedLoader(LoaderStub(.success(feed))).load() == feed)
    }
}
