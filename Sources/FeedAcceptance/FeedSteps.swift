import FeedInfrastructure
import Foundation
import SpecKit

extension FeedSpecs {
    /// The feed's whole step library: the `{duration}` and `{store}` parameter types and every step of `Specs/`.
    ///
    /// Each step is one line that hands its arguments to a method of `FeedWorld`; the world says, in a product
    /// owner's words, what went wrong.
    public static func library() -> StepLibrary<FeedWorld> {
        var steps = StepLibrary<FeedWorld>()
        defineParameterTypes(&steps)
        defineConnectivitySteps(&steps)
        defineServerSteps(&steps)
        defineCacheSteps(&steps)
        defineAppSteps(&steps)
        definePhotoSteps(&steps)
        return steps
    }

    /// `{duration}`: `7 days`, `6 days 23 hours 59 minutes 59 seconds`, `7 days minus 1 second`; `{store}`:
    /// `memory`, `file` or `sqlite`.
    static func defineParameterTypes(_ steps: inout StepLibrary<FeedWorld>) {
        steps.define(parameterType: "duration", regexp: CalendarDuration.pattern) { values in
            try CalendarDuration(parsing: values.first.flatMap { $0 } ?? "")
        }
        steps.define(parameterType: "store", regexp: storePattern) { values in
            let text = values.first.flatMap { $0 } ?? ""
            guard let kind = StoreKind(rawValue: text) else {
                throw ParameterTransformError(
                    parameterTypeName: "store", values: values, reason: "not one of memory, file or sqlite")
            }
            return kind
        }
    }

    /// What a `{store}` parameter matches: `memory|file|sqlite`.
    private static let storePattern = StoreKind.allCases.map(\.rawValue).joined(separator: "|")

    static func defineConnectivitySteps(_ steps: inout StepLibrary<FeedWorld>) {
        /// The stub HTTP client answers what the server steps set up; without connectivity every request fails as
        /// a connectivity error.
        steps.given("the customer has connectivity") { world in world.setConnectivity(true) }
        steps.given("the customer doesn't have connectivity") { world in world.setConnectivity(false) }
        steps.given("the customer loses connectivity") { world in world.setConnectivity(false) }
    }

    static func defineServerSteps(_ steps: inout StepLibrary<FeedWorld>) {
        steps.given("the app reads the photo list format") { world in try world.usePhotoListContract() }
        /// Serves `Fixtures/<name>` with status 200: the file's name, in quotes (`"feed.json"`).
        steps.given("the server offers the feed {string}") { (world, fixture: String) in
            try world.serverAnswers(status: 200, fixture: fixture)
        }
        steps.given("the server answers with status {int} and the file {string}") {
            (world, status: Int, fixture: String) in
            try world.serverAnswers(status: status, fixture: fixture)
        }
        steps.given("the server answers with status {int} and this feed:") { (world, status: Int, body: DocString) in
            world.serverAnswers(status: status, body: Data(body.content.utf8))
        }
        steps.when("the feed is loaded from the server") { world in await world.loadFromServer() }
        steps.when("the photos are loaded from the server") { world in await world.loadPhotosFromServer() }
        steps.then("the server was asked for the feed once") { world in try world.expectFeedRequests(1) }
    }

    static func defineCacheSteps(_ steps: inout StepLibrary<FeedWorld>) {
        steps.given("the maximum age of the cache is {duration}") { (world, age: CalendarDuration) in
            try world.setMaximumAge(age)
        }
        /// Saves that many generated images, timestamped that long before the clock's now (`7 days`,
        /// `6 days 23 hours`, `7 days minus 1 second`).
        steps.given("the cache holds {int} image(s) saved {duration} ago") {
            (world, count: Int, age: CalendarDuration) in
            try await world.seedCache(count: count, savedAgo: age)
        }
        steps.given("the cache holds these images, saved {duration} ago:") {
            (world, age: CalendarDuration, table: DataTable) in
            try await world.seedCache(try ImageTable.images(from: table, idPrefix: "7AB1E000"), savedAgo: age)
        }
        // A fresh store is empty: as a `Given` this confirms the starting point, as a `Then` it checks the outcome.
        steps.step("the cache is empty") { world in try await world.expectCacheEmpty() }
        steps.given("the cache is unreadable") { world in try await world.makeCacheUnreadable() }
        steps.given("deleting the cache fails") { world in await world.failCacheDeletion() }
        steps.given("storing into the cache fails") { world in await world.failCacheInsertion() }
        steps.given("saving to the cache fails") { world in await world.failSaving() }
        steps.given("the app will be stopped between deleting the old feed and storing the new one") { world in
            await world.interruptSaving()
        }

        steps.when("the feed is loaded from the cache") { world in await world.loadFromCache() }
        steps.when("the app saves a feed of {int} image(s)") { (world, count: Int) in await world.save(count: count) }
        steps.when("the cache is validated") { world in await world.validateCache() }

        steps.then("the cache still holds {int} image(s) saved {duration} ago") {
            (world, count: Int, age: CalendarDuration) in
            try await world.expectCache(holds: count, savedAgo: age)
        }
        steps.then("the cache holds {int} image(s) saved just now") { (world, count: Int) in
            try await world.expectCache(holds: count, savedAgo: nil)
        }
        steps.then("the cache holds the {int} new image(s)") { (world, count: Int) in
            try await world.expectCacheHoldsNewImages(count)
        }
        steps.then("the cache holds the {int} image(s) from the server") { (world, count: Int) in
            try await world.expectCacheHoldsServerImages(count)
        }
        steps.then("the cache was saved just now") { world in try await world.expectCacheSavedJustNow() }
        steps.then("saving succeeds") { world in try world.expectSaveSucceeded() }
        steps.then("saving fails because the old feed could not be deleted") { world in
            try world.expectSaveFailed(atDeletion: true)
        }
        steps.then("saving fails because the new feed could not be stored") { world in
            try world.expectSaveFailed(atDeletion: false)
        }
        steps.then("validation fails because the old feed could not be deleted") { world in
            try world.expectValidationFailedAtDeletion()
        }
    }

    static func defineAppSteps(_ steps: inout StepLibrary<FeedWorld>) {
        steps.when("the customer opens the feed") { world in await world.openFeed() }
        steps.when("the customer opens the feed again") { world in await world.openFeed() }
        steps.when("the app goes to the background") { world in await world.enterBackground() }

        steps.then("the app shows {int} image(s)") { (world, count: Int) in try world.expectShown(count: count) }
        steps.then("the app shows these images:") { (world, table: DataTable) in try world.expectShown(table) }
        /// The message the app shows instead of the feed, word for word, in quotes.
        steps.then("the app shows the error message {string}") { (world, message: String) in
            try world.expectErrorMessage(message)
        }
        steps.then("none of them comes from the cache") { world in try world.expectNoneShownFromCache() }

        steps.then("{int} image(s) is/are delivered") { (world, count: Int) in try world.expectDelivered(count: count) }
        steps.then("no images are delivered") { world in try world.expectDelivered(count: 0) }
        steps.then("these images are delivered:") { (world, table: DataTable) in try world.expectDelivered(table) }
        steps.then("loading fails with invalid data") { world in try world.expectLoadFailed(with: .invalidData) }
        steps.then("loading fails with a connectivity error") { world in
            try world.expectLoadFailed(with: .connectivity)
        }
        steps.then("loading fails with a cache error") { world in try world.expectLoadFailed(with: .cache) }
    }

    static func definePhotoSteps(_ steps: inout StepLibrary<FeedWorld>) {
        steps.then("the app shows {int} photo(s)") { (world, count: Int) in
            try world.expectShown(count: count, noun: "photo")
        }
        steps.then("the app shows these photos:") { (world, table: DataTable) in
            try world.expectShown(table, noun: "photo")
        }
        steps.then("{int} photo(s) is/are delivered") { (world, count: Int) in
            try world.expectPhotosDelivered(count: count)
        }
        steps.then("the first photo is:") { (world, table: DataTable) in try world.expectFirstPhoto(table) }
    }
}
