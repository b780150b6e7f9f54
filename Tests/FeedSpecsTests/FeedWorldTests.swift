import FeedAcceptance
import FeedInfrastructure
import Foundation
import SpecKit
import Testing

/// The world's own behaviour, store by store: what the steps rely on, and the messages they fail with.
@Suite struct FeedWorldTests {
    private func withWorld(_ store: StoreKind, _ body: (FeedWorld) async throws -> Void) async throws {
        let world = try FeedSpecs.makeWorld(store: store)
        defer { try? FeedSpecs.tearDown(world) }
        try await body(world)
    }

    private func failure(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func feedSavedSevenDaysAgoIsNotDelivered(_ store: StoreKind) async throws {
        try await withWorld(store) { world in
            try await world.seedCache(count: 4, savedAgo: try CalendarDuration(parsing: "7 days"))
            await world.loadFromCache()
            try await world.expectDelivered(count: 0)
            let message = await failure { try await world.expectDelivered(count: 4) }
            #expect(message == "Expected 4 images to be delivered, but it delivered 0 images")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func unreadableCacheFailsLoadingAndIsDeletedByValidation(_ store: StoreKind) async throws {
        try await withWorld(store) { world in
            try await world.seedCache(count: 2, savedAgo: .days(1))
            try await world.makeCacheUnreadable()
            await world.loadFromCache()
            try await world.expectLoadFailed(with: .cache)
            await world.validateCache()
            try await world.expectCacheEmpty()
        }
    }

    @Test(arguments: StoreKind.allCases)
    func onlineLoadReplacesTheCacheWithTheServersFeed(_ store: StoreKind) async throws {
        try await withWorld(store) { world in
            try await world.serverAnswers(status: 200, fixture: "four-images.json")
            try await world.seedCache(count: 2, savedAgo: .days(3))
            await world.openFeed()
            try await world.expectShown(count: 4)
            try await world.expectCacheHoldsServerImages(4)
            try await world.expectCacheSavedJustNow()
            try await world.expectNoneShownFromCache()
        }
    }

    @Test func offlineWithoutCacheShowsTheConnectionError() async throws {
        try await withWorld(.memory) { world in
            await world.setConnectivity(false)
            await world.openFeed()
            try await world.expectErrorMessage("Couldn't connect to server")
            let message = await failure { try await world.expectShown(count: 3) }
            #expect(
                message
                    == "Expected the app to show 3 images, but it showed the error message \"Couldn't connect to server\""
            )
        }
    }

    @Test func missingFixtureFailsNamingTheFolderSearched() async throws {
        try await withWorld(.memory) { world in
            let message = await failure { try await world.serverAnswers(status: 200, fixture: "no-such-feed.json") }
            #expect(message?.contains("no-such-feed.json") == true)
            #expect(message?.contains(FeedSpecs.fixturesDirectory().path) == true)
        }
    }

    @Test func tearDownRemovesTheStoresTemporaryFolder() throws {
        let world = try FeedSpecs.makeWorld(store: .sqlite)
        let folder = try #require(world.store.folder)
        #expect(FileManager.default.fileExists(atPath: folder.path))
        try FeedSpecs.tearDown(world)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test(arguments: ["7 days", "6 days 23 hours 59 minutes 59 seconds", "7 days minus 1 second", "0 seconds"])
    func durationReadsBackAsWritten(_ text: String) throws {
        #expect(try CalendarDuration(parsing: text).description == text)
    }

    @Test(arguments: ["", "7", "seven days", "7 weeks", "minus 1 second"])
    func textThatIsNotADurationIsRejectedNamingIt(_ text: String) {
        #expect(throws: CalendarDuration.ParseError.self) { try CalendarDuration(parsing: text) }
    }
}
