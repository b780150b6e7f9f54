import Feed
import FeedTestSupport
import Foundation
import Testing

@Suite("Feed presentation")
struct FeedPresentationTests {
    @Test func `the connection error message is the customer-facing text`() {
        #expect(FeedViewModel.connectionErrorMessage == "Couldn't connect to server")
        #expect(FeedViewModel.connectionError == .error("Couldn't connect to server"))
    }

    @Test func `loaded shows every image with its description, location, address and photographer, in order`() {
        let first = FeedImage(
            id: "1", description: "d1", location: "l1", url: URL(string: "https://i.test.example/1")!,
            photographer: "p1")
        let second = FeedImage(id: "2", description: nil, location: nil, url: URL(string: "https://i.test.example/2")!)

        let screen = FeedViewModel.loaded([first, second])

        #expect(
            screen.images == [
                DisplayedImage(
                    id: "1", description: "d1", location: "l1", url: URL(string: "https://i.test.example/1")!,
                    photographer: "p1"),
                DisplayedImage(id: "2", description: nil, location: nil, url: URL(string: "https://i.test.example/2")!),
            ])
        #expect(screen.errorMessage == nil)
    }

    @Test func `an error screen has a message and no images`() {
        #expect(FeedViewModel.connectionError.images == nil)
        #expect(FeedViewModel.connectionError.errorMessage == "Couldn't connect to server")
    }

    @Test func `the loading screen has neither images nor a message`() {
        #expect(FeedViewModel.loading.images == nil)
        #expect(FeedViewModel.loading.errorMessage == nil)
    }

    @Test func `a photo is shown with its description, place, regular-size image and photographer`() throws {
        let photo = try #require(try PhotosMapper.map(json([photoJSON(id: "z9")]), from: httpResponse(200)).first)

        #expect(
            photo.feedImage
                == FeedImage(
                    id: "z9", description: "Photo z9", location: "Porto, Portugal",
                    url: URL(string: "https://cdn.test.example/z9.jpg?w=1080")!, photographer: "Photographer z9"))
    }

    @Test(arguments: [
        (Photo.Location(name: "Ponte Luís I, Porto", city: "Porto", country: "Portugal"), "Ponte Luís I, Porto"),
        (Photo.Location(city: "Porto", country: "Portugal"), "Porto, Portugal"),
        (Photo.Location(city: nil, country: "Nigeria"), "Nigeria"),
        (Photo.Location(city: "Lagos", country: nil), "Lagos"),
        (Photo.Location(name: "", city: "", country: "Chile"), "Chile"),
    ])
    func `a photo's place is its name, or its city and country`(location: Photo.Location, shown: String) {
        #expect(location.displayName == shown)
    }

    @Test func `a photo without a known place has no location`() {
        #expect(Photo.Location(position: Photo.Position(latitude: 1, longitude: 2)).displayName == nil)
    }
}
