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
        self.localLoader = local
        self.feedLoader = FeedLoaderWithFallback(
            primary: FeedLoaderCacheDecorator(decoratee: remote, cache: local, onSaveFailure: onCacheSaveFailure),
            fallback: NonEmptyFeedLoader(local))
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

    /// The app goes to the background: deletes the cache when it is expired or unreadable.
    /// A failure to delete is not shown to the customer; the next launch will try again.
    public func enterBackground() async {
        try? await localLoader.validateCache()
    }
}
