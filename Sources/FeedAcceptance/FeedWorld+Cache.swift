import Feed
import Foundation
import SpecKit

extension FeedWorld {
    /// Sets how long a saved feed stays fresh. Must come before the app is first opened.
    ///
    /// Fails when the duration is not a whole number of days (the app counts its maximum age in days).
    public func setMaximumAge(_ duration: CalendarDuration) throws {
        guard let days = duration.wholeDays, days >= 0 else {
            try fail("The maximum age of the cache is counted in whole days; \"\(duration)\" is not")
        }
        guard app == nil else {
            try fail("The maximum age must be set before the customer opens the feed")
        }
        maxCacheAgeInDays = days
    }

    /// Puts `count` made-up images into the cache, saved `age` before now.
    public func seedCache(count: Int, savedAgo age: CalendarDuration) async throws {
        try await seedCache(SampleImages.make(count, kind: "saved", prefix: "5A7ED000"), savedAgo: age)
    }

    /// Puts `images` into the cache, saved `age` before now.
    public func seedCache(_ images: [FeedImage], savedAgo age: CalendarDuration) async throws {
        let cache = CachedFeed(feed: images.map(\.local), timestamp: age.subtracted(from: clock.now))
        do {
            try await store.store.insert(cache.feed, timestamp: cache.timestamp)
        } catch {
            try fail("Could not put the images into the \(store.kind) cache before the scenario: \(error)")
        }
        seededCache = cache
    }

    /// Makes the saved feed unreadable: garbage over the store's file, or a read failure for the memory store.
    public func makeCacheUnreadable() async throws {
        do {
            try await store.makeUnreadable()
        } catch {
            try fail("Could not make the cache unreadable: \(error)")
        }
    }

    /// Makes deleting the cache fail from now on.
    public func failCacheDeletion() async {
        await store.store.configure(failsDeletion: true)
    }

    /// Makes storing a new feed into the cache fail from now on.
    public func failCacheInsertion() async {
        await store.store.configure(failsInsertion: true)
    }

    /// Makes every save fail from now on: neither deleting the old feed nor storing the new one works.
    public func failSaving() async {
        await store.store.configure(failsDeletion: true, failsInsertion: true)
    }

    /// Makes the next save stop right after deleting the old feed, inside the store's transaction, as if the app
    /// were killed there: the transaction is never committed.
    public func interruptSaving() async {
        await store.store.configure(interruptsAfterDeletion: true)
    }

    /// Loads the feed from the cache, as the local use case does.
    public func loadFromCache() async {
        do {
            lastLoad = .images(try await localLoader.load())
        } catch {
            lastLoad = .failure(error)
        }
    }

    /// The app saves `count` new made-up images.
    public func save(count: Int) async {
        newImages = SampleImages.make(count, kind: "new", prefix: "0E1AA000")
        do {
            try await localLoader.save(newImages)
            lastSave = .success
        } catch {
            lastSave = .failure(error)
        }
    }

    /// Validates the cache, as the app does when it goes to the background, and keeps the result.
    public func validateCache() async {
        do {
            try await localLoader.validateCache()
            lastValidation = .success
        } catch {
            lastValidation = .failure(error)
        }
    }

    /// What the cache holds now; fails when it cannot be read.
    func cachedFeed() async throws -> CachedFeed? {
        do {
            return try await store.store.retrieve()
        } catch {
            try fail("The cache could not be read: \(Wording.reason(error))")
        }
    }

    /// Expects nothing to be saved.
    public func expectCacheEmpty() async throws {
        guard let cache = try await cachedFeed() else { return }
        try fail(
            "Expected the cache to be empty, but it holds \(Wording.count(cache.feed.count, "image")) saved "
                + Wording.age(of: cache.timestamp, now: clock.now))
    }

    /// Expects the cache to hold `count` images saved `age` before now; when the scenario put images there
    /// itself, they must be those images.
    public func expectCache(holds count: Int, savedAgo age: CalendarDuration?) async throws {
        let expectedTimestamp = age.map { $0.subtracted(from: clock.now) } ?? clock.now
        let expectedAge = age.map { "\($0) ago" } ?? "just now"
        guard let cache = try await cachedFeed() else {
            try fail(
                "Expected the cache to hold \(Wording.count(count, "image")) saved \(expectedAge), but it is empty")
        }
        let found =
            "it holds \(Wording.count(cache.feed.count, "image")) saved "
            + Wording.age(of: cache.timestamp, now: clock.now)
        guard cache.feed.count == count, cache.timestamp == expectedTimestamp else {
            try fail("Expected the cache to hold \(Wording.count(count, "image")) saved \(expectedAge), but \(found)")
        }
        if age != nil, let seededCache, seededCache.feed.count == count, seededCache.feed != cache.feed {
            try fail("Expected the cache to still hold the images saved \(expectedAge), but it holds other images")
        }
    }

    /// Expects the cache to hold exactly the new images the app saved, saved now.
    public func expectCacheHoldsNewImages(_ count: Int) async throws {
        try await expectCache(holds: newImages.map(\.local), count: count, what: "new images")
    }

    /// Expects the cache to hold exactly the images the server offers.
    public func expectCacheHoldsServerImages(_ count: Int) async throws {
        try await expectCache(holds: try imagesOffered().map(\.local), count: count, what: "images from the server")
    }

    private func expectCache(holds images: [LocalFeedImage], count: Int, what: String) async throws {
        guard images.count == count else {
            try fail("The scenario expects \(Wording.count(count, "image")), but there are \(images.count) \(what)")
        }
        guard let cache = try await cachedFeed() else {
            try fail("Expected the cache to hold the \(count) \(what), but it is empty")
        }
        guard cache.feed == images else {
            var found =
                "it holds \(Wording.count(cache.feed.count, "image")) saved "
                + Wording.age(of: cache.timestamp, now: clock.now)
            if let seededCache, seededCache.feed == cache.feed {
                found += ": the feed that was there before"
            }
            try fail("Expected the cache to hold the \(count) \(what), but \(found)")
        }
    }

    /// Expects the saved feed's timestamp to be now.
    public func expectCacheSavedJustNow() async throws {
        guard let cache = try await cachedFeed() else {
            try fail("Expected the cache to have been saved just now, but it is empty")
        }
        guard cache.timestamp == clock.now else {
            try fail(
                "Expected the cache to have been saved just now, but it was saved "
                    + Wording.age(of: cache.timestamp, now: clock.now))
        }
    }

    /// Expects the last save to have succeeded.
    public func expectSaveSucceeded() throws {
        switch lastSave {
        case nil: try fail("The app was never asked to save a feed")
        case .success: return
        case .failure(let error): try fail("Expected saving to succeed, but it failed: \(Wording.reason(error))")
        }
    }

    /// Expects the last save to have failed because the old feed could not be deleted (`deletion: true`) or the
    /// new one could not be stored (`deletion: false`).
    public func expectSaveFailed(atDeletion deletion: Bool) throws {
        let wanted = deletion ? "the old feed could not be deleted" : "the new feed could not be stored"
        switch lastSave {
        case nil:
            try fail("The app was never asked to save a feed")
        case .success:
            try fail("Expected saving to fail because \(wanted), but it succeeded")
        case .failure(LocalFeedLoader.Error.deletionFailed) where deletion,
            .failure(LocalFeedLoader.Error.insertionFailed) where !deletion:
            return
        case .failure(let error):
            try fail("Expected saving to fail because \(wanted), but it failed because \(Wording.reason(error))")
        }
    }

    /// Expects the last validation to have failed because the old feed could not be deleted.
    public func expectValidationFailedAtDeletion() throws {
        switch lastValidation {
        case nil:
            try fail("The cache was never validated")
        case .success:
            try fail("Expected validation to fail because the old feed could not be deleted, but it succeeded")
        case .failure(LocalFeedLoader.Error.deletionFailed):
            return
        case .failure(let error):
            try fail(
                "Expected validation to fail because the old feed could not be deleted, but it failed because "
                    + Wording.reason(error))
        }
    }
}
