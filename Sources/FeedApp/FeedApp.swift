import Feed
import Foundation

/// The headless feed app: the composition root of the use cases, with what it displays as a value.
///
/// On launch it loads the feed from the server; on success it shows the feed and replaces the cache (a failed save
/// does not hide the feed); on failure it shows the cached feed while it is fresh, or the error message
/// `Couldn't connect to server` when the cache is empty, expired or unreadable. On entering the background it
/// validates the cache.
public actor FeedApp {
    /// What the app currently displays; `.loading` until the first launch finishes.
    public private(set) var screen: FeedScreen = .loading

    private let feedLoader: any FeedLoader
    private let localLoader: LocalFeedLoader

    /// Composes the app from its parts.
    /// - Parameters:
    ///   - httpClient: fetches the feed from the server.
    ///   - store: keeps the cached feed.
    ///   - feedURL: the address of the feed.
    ///   - contract: the payload contract the server speaks.
    ///   - currentDate: the clock; nothing in the app reads the wall clock directly.
    ///   - maxCacheAgeInDays: how many calendar days a cached feed stays fresh.
    ///   - onCacheSaveFailure: hears why saving a loaded feed failed (the feed is shown all the same).
    public init(
        httpClient: any HTTPClient, store: any FeedStore, feedURL: URL, contract: FeedContract = .items,
        currentDate: @escaping @Sendable () -> Date,
        maxCacheAgeInDays: Int = FeedCachePolicy.defaultMaxAgeInDays,
        onCacheSaveFailure: @escaping @Sendable (any Error) -> Void = { _ in }
    ) {
        let remote = RemoteFeedLoader(url: feedURL, client: httpClient, contract: contract)
        let local = LocalFeedLoader(store: store, currentDate: currentDate, maxCacheAgeInDays: maxCacheAgeInDays)
        self.init(
            feedLoader: FeedLoaderWithFallback(
                primary: FeedLoaderCacheDecorator(decoratee: remote, cache: local, onSaveFailure: onCacheSaveFailure),
                fallback: NonEmptyFeedLoader(local)),
            localLoader: local)
    }

    /// Composes the app without a server, for what needs only its cache (the `feed validate` command): launching
    /// shows what the app shows offline, the cached feed while it is fresh or the error message.
    /// - Parameters:
    ///   - store: keeps the cached feed.
    ///   - currentDate: the clock; nothing in the app reads the wall clock directly.
    ///   - maxCacheAgeInDays: how many calendar days a cached feed stays fresh.
    public init(
        store: any FeedStore, currentDate: @escaping @Sendable () -> Date,
        maxCacheAgeInDays: Int = FeedCachePolicy.defaultMaxAgeInDays
    ) {
        let local = LocalFeedLoader(store: store, currentDate: currentDate, maxCacheAgeInDays: maxCacheAgeInDays)
        self.init(feedLoader: NonEmptyFeedLoader(local), localLoader: local)
    }

    private init(feedLoader: any FeedLoader, localLoader: LocalFeedLoader) {
        self.feedLoader = feedLoader
        self.localLoader = localLoader
    }

    /// Launches the app: shows `.loading`, loads the feed, then shows the images or the error message.
    /// Returns what is displayed at the end.
    @discardableResult
    public func launch() async -> FeedScreen {
        screen = .loading
        do {
            screen = .loaded(try await feedLoader.load())
        } catch {
            screen = .connectionError
        }
        return screen
    }

    /// The app goes to the background: validates the cache (see `validateCache()`).
    /// A failure to delete is not shown to the customer; the next launch will try again.
    public func enterBackground() async {
        try? await validateCache()
    }

    /// Deletes the cache when it is expired or unreadable, as entering the background does, but reports a failed
    /// deletion: throws `LocalFeedLoader.Error.deletionFailed`.
    public func validateCache() async throws {
        try await localLoader.validateCache()
    }
}
