import Feed
import FeedTestDoubles
import Foundation
import SpecKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension FeedWorld {
    /// The customer is online (`true`) or offline (`false`): every request fails while offline.
    public func setConnectivity(_ isOnline: Bool) {
        http.isOffline = !isOnline
    }

    /// The app reads the photo list contract from now on. Must come before the app is first opened.
    public func usePhotoListContract() throws {
        guard app == nil else {
            try fail("The photo list format must be chosen before the customer opens the feed")
        }
        contract = .photos
    }

    /// The server answers the feed address with `status` and the fixture called `fixture`.
    ///
    /// Fails naming the folder searched when no fixture (or more than one) has that name.
    public func serverAnswers(status: Int, fixture: String) throws {
        let body: Data
        do {
            body = try fixtures.data(of: fixture)
        } catch {
            try fail(error.description)
        }
        serverAnswers(status: status, body: body)
    }

    /// The server answers the feed address with `status` and `body`.
    public func serverAnswers(status: Int, body: Data) {
        offeredBody = body
        http.answer(Self.feedURL, with: StubHTTPClient.Answer(status: status, body: body))
    }

    /// Loads the feed straight from the server, as the remote use case does.
    public func loadFromServer() async {
        do {
            lastLoad = .images(try await remoteLoader.load())
        } catch {
            lastLoad = .failure(error)
        }
    }

    /// Loads the photo list straight from the server, with every detail of each photo.
    public func loadPhotosFromServer() async {
        do {
            lastLoad = .photos(try await remoteLoader.loadPhotos())
        } catch {
            lastLoad = .failure(error)
        }
    }

    /// Expects the server to have been asked for the feed `times` times.
    public func expectFeedRequests(_ times: Int) throws {
        let count = http.requestCount(for: Self.feedURL)
        guard count == times else {
            try fail(
                "Expected the server to be asked for the feed \(Wording.times(times)), "
                    + (count == 0 ? "but it was never asked" : "but it was asked \(Wording.times(count))"))
        }
    }

    /// The images the server's answer holds, read with the scenario's contract: what "the images from the
    /// server" means in a step.
    func imagesOffered() throws -> [FeedImage] {
        guard let body = offeredBody,
            let response = HTTPURLResponse(url: Self.feedURL, statusCode: 200, httpVersion: nil, headerFields: nil)
        else {
            try fail("The scenario never said what the server offers")
        }
        do {
            return try contract.map(body, from: response)
        } catch {
            try fail("The feed the server offers is not a valid feed itself: \(error)")
        }
    }
}

extension Wording {
    /// `once`, `twice`, `3 times`, `never`.
    static func times(_ count: Int) -> String {
        switch count {
        case 0: "never"
        case 1: "once"
        case 2: "twice"
        default: "\(count) times"
        }
    }
}
