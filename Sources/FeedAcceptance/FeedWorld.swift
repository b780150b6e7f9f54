import Feed
import FeedApp
import FeedInfrastructure
import FeedTestDoubles
import Foundation

/// Everything one scenario of the feed's specs works with, made fresh for that scenario: a stub server, a clock
/// that stands still, the store under test, and the app composed from them.
///
/// Steps read and change the world through its methods; the methods throw `StepFailure` with a message a product
/// owner understands when what the scenario expects did not happen. Call `tearDown()` when the scenario is over:
/// it removes the store's temporary folder.
public actor FeedWorld {
    /// The address the app asks for the feed.
    public static let feedURL: URL =
        URL(string: "https://api.feed-specs.example/v1/feed") ?? URL(fileURLWithPath: "/feed-specs/v1/feed")

    /// The store under test, behind the failure switches.
    public nonisolated let store: StoreUnderTest
    /// The clock the app and the use cases read.
    public nonisolated let clock: InMemoryClock
    /// The stand-in for the network.
    public nonisolated let http: StubHTTPClient
    /// Where fixtures named by the steps are found.
    public nonisolated let fixtures: Fixtures

    /// The contract the server speaks: the image feed unless the scenario says the photo list.
    public internal(set) var contract: FeedContract = .items
    /// How many calendar days a saved feed stays fresh.
    public internal(set) var maxCacheAgeInDays = FeedCachePolicy.defaultMaxAgeInDays
    /// What the app showed the last time the customer opened the feed; nil before that.
    public internal(set) var screen: FeedScreen?

    var app: FeedApp?
    var lastLoad: LoadOutcome?
    var lastSave: ActionOutcome?
    var lastValidation: ActionOutcome?
    /// The images a `Given` step put into the cache, and when.
    var seededCache: CachedFeed?
    /// The images the app was asked to save.
    var newImages: [FeedImage] = []
    /// The body the server offers for the feed, as the scenario configured it.
    var offeredBody: Data?

    /// Makes a world with a fresh, empty store of `kind`, the clock at `now`, and a server that knows no address.
    ///
    /// Throws `StoreUnderTest.Failure` when the store's temporary folder cannot be made.
    public init(
        store kind: StoreKind, fixtures: Fixtures = .sourceTree,
        temporaryRoot: URL = StoreUnderTest.defaultTemporaryRoot, now: Date = InMemoryClock.defaultStart
    ) throws {
        self.store = try StoreUnderTest(kind: kind, temporaryRoot: temporaryRoot)
        self.clock = InMemoryClock(now: now)
        self.http = StubHTTPClient()
        self.fixtures = fixtures
    }

    /// Removes the store's temporary folder. Safe to call more than once.
    public nonisolated func tearDown() throws {
        try store.remove()
    }

    /// The app, composed on first use from the stub server, the store, the clock, the contract and the maximum age.
    var composedApp: FeedApp {
        if let app { return app }
        let app = FeedApp(
            httpClient: http, store: store.store, feedURL: Self.feedURL, contract: contract,
            currentDate: clock.currentDate, maxCacheAgeInDays: maxCacheAgeInDays)
        self.app = app
        return app
    }

    /// The cache use cases over the store under test, as the app configures them.
    var localLoader: LocalFeedLoader {
        LocalFeedLoader(store: store.store, currentDate: clock.currentDate, maxCacheAgeInDays: maxCacheAgeInDays)
    }

    /// The remote use case against the stub server, with the scenario's contract.
    var remoteLoader: RemoteFeedLoader {
        RemoteFeedLoader(url: Self.feedURL, client: http, contract: contract)
    }
}

/// What the last load delivered.
enum LoadOutcome {
    case images([FeedImage])
    case photos([Photo])
    case failure(any Error)
}

/// How the last save or validation went.
enum ActionOutcome {
    case success
    case failure(any Error)
}
