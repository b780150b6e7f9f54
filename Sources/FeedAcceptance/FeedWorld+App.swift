import Feed
import FeedApp
import Foundation
import SpecKit

extension FeedWorld {
    /// The customer opens the feed (again): the app launches and loads.
    public func openFeed() async {
        screen = await composedApp.launch()
    }

    /// The app goes to the background.
    public func enterBackground() async {
        await composedApp.enterBackground()
    }

    /// The images on screen; fails with what the app shows instead.
    func shownImages(expecting what: String) throws -> [DisplayedImage] {
        guard let images = screen?.images else {
            try fail("Expected the app to show \(what), but \(Wording.screen(screen))")
        }
        return images
    }

    /// Expects the app to show `count` images (or photos: `noun` names them).
    public func expectShown(count: Int, noun: String = "image") throws {
        let what = Wording.count(count, noun)
        let images = try shownImages(expecting: what)
        guard images.count == count else {
            try fail("Expected the app to show \(what), but \(Wording.screen(screen))")
        }
    }

    /// Expects the app to show the images (or photos) the table describes.
    public func expectShown(_ table: DataTable, noun: String = "image") throws {
        let images = try shownImages(expecting: "the \(noun)s of the table")
        try ImageTable.expect(images.map(ImageTable.Row.init), toMatch: table, what: "the app to show")
    }

    /// Expects the app to show the error message `message`.
    public func expectErrorMessage(_ message: String) throws {
        guard screen?.errorMessage == message else {
            try fail("Expected the app to show the error message \"\(message)\", but \(Wording.screen(screen))")
        }
    }

    /// Expects none of the images on screen to be one the scenario put into the cache.
    public func expectNoneShownFromCache() throws {
        let images = try shownImages(expecting: "images from the server")
        let cachedIDs = Set(seededCache?.feed.map(\.id) ?? [])
        let fromCache = images.filter { cachedIDs.contains($0.id) }
        guard fromCache.isEmpty else {
            try fail(
                "Expected none of the images shown to come from the cache, but \(fromCache.count) of them do: "
                    + fromCache.map { "\"\($0.description ?? $0.url.absoluteString)\"" }.joined(separator: ", "))
        }
    }

    /// The images the last load delivered; fails with what happened instead.
    func deliveredImages(expecting what: String) throws -> [FeedImage] {
        guard case .images(let images) = lastLoad else {
            try fail("Expected \(what) to be delivered, but \(Wording.outcome(lastLoad))")
        }
        return images
    }

    /// Expects the last load to have delivered `count` images.
    public func expectDelivered(count: Int) throws {
        let what = Wording.count(count, "image")
        let images = try deliveredImages(expecting: what)
        guard images.count == count else {
            try fail("Expected \(what) to be delivered, but \(Wording.outcome(lastLoad))")
        }
    }

    /// Expects the last load to have delivered the images the table describes.
    public func expectDelivered(_ table: DataTable) throws {
        let images = try deliveredImages(expecting: "the images of the table")
        try ImageTable.expect(images.map(ImageTable.Row.init), toMatch: table, what: "loading to deliver")
    }

    /// The kinds of failure a scenario names.
    public enum LoadFailure: String, Sendable, CaseIterable {
        /// The server's answer is not a feed.
        case invalidData = "invalid data"
        /// The server could not be reached.
        case connectivity = "a connectivity error"
        /// The saved feed could not be read.
        case cache = "a cache error"
    }

    /// Expects the last load to have failed with `failure`.
    public func expectLoadFailed(with failure: LoadFailure) throws {
        guard case .failure(let error) = lastLoad else {
            try fail("Expected loading to fail with \(failure.rawValue), but \(Wording.outcome(lastLoad))")
        }
        let matches: Bool
        switch (failure, error) {
        case (.invalidData, RemoteFeedLoader.Error.invalidData): matches = true
        case (.connectivity, RemoteFeedLoader.Error.connectivity): matches = true
        case (.cache, LocalFeedLoader.Error.retrievalFailed): matches = true
        default: matches = false
        }
        guard matches else {
            try fail("Expected loading to fail with \(failure.rawValue), but \(Wording.outcome(lastLoad))")
        }
    }
}
