import Feed
import FeedTestDoubles
import FeedTestSupport
import Foundation
import Testing

@Suite("Load feed from remote")
struct LoadFeedFromRemoteUseCaseTests {
    @Test func `init does not request data from the URL`() {
        let client = StubHTTPClient(unknownAddresses: .unreachable)

        _ = RemoteFeedLoader(url: anyURL, client: client)

        #expect(client.requests.isEmpty)
    }

    @Test func `load requests data from the URL`() async throws {
        let url = URL(string: "https://a-given.test.example/feed")!
        let client = StubHTTPClient.answering(200, itemsJSON([]), at: url)

        _ = try await RemoteFeedLoader(url: url, client: client).load()

        #expect(client.requests == [url])
    }

    @Test func `load twice requests data from the URL twice`() async throws {
        let client = StubHTTPClient.answering(200, itemsJSON([]))
        let loader = RemoteFeedLoader(url: anyURL, client: client)

        _ = try await loader.load()
        _ = try await loader.load()

        #expect(client.requests == [anyURL, anyURL])
    }

    @Test func `load delivers connectivity error on client error`() async {
        let client = StubHTTPClient(unknownAddresses: .unreachable)
        client.fail(anyURL, with: AnyError())

        await #expect(throws: RemoteFeedLoader.Error.connectivity) {
            _ = try await RemoteFeedLoader(url: anyURL, client: client).load()
        }
    }

    @Test(arguments: [199, 201, 300, 400, 500])
    func `load delivers invalid data error on non-200 HTTP response`(status: Int) async {
        let valid = itemsJSON([feedItemJSON(id: UUID().uuidString, image: "https://images.test.example/1.jpg")])
        let client = StubHTTPClient.answering(status, valid)

        await #expect(throws: RemoteFeedLoader.Error.invalidData) {
            _ = try await RemoteFeedLoader(url: anyURL, client: client).load()
        }
    }

    @Test func `load delivers invalid data error on 200 HTTP response with invalid JSON`() async {
        let client = StubHTTPClient.answering(200, Data("invalid json".utf8))

        await #expect(throws: RemoteFeedLoader.Error.invalidData) {
            _ = try await RemoteFeedLoader(url: anyURL, client: client).load()
        }
    }

    @Test func `load delivers no images on 200 HTTP response with empty JSON list`() async throws {
        let client = StubHTTPClient.answering(200, itemsJSON([]))

        let images = try await RemoteFeedLoader(url: anyURL, client: client).load()

        #expect(images.isEmpty)
    }

    @Test func `load delivers images on 200 HTTP response with JSON items`() async throws {
        let first = UUID()
        let second = UUID()
        let client = StubHTTPClient.answering(
            200,
            itemsJSON([
                feedItemJSON(
                    id: first.uuidString, description: "a harbour", location: "Oslo",
                    image: "https://images.test.example/a.jpg"),
                feedItemJSON(id: second.uuidString, image: "https://images.test.example/b.jpg"),
            ]))

        let images = try await RemoteFeedLoader(url: anyURL, client: client).load()

        #expect(
            images == [
                FeedImage(
                    id: first, description: "a harbour", location: "Oslo",
                    url: URL(string: "https://images.test.example/a.jpg")!),
                FeedImage(
                    id: second, description: nil, location: nil, url: URL(string: "https://images.test.example/b.jpg")!),
            ])
    }

    @Test func `load with the photos contract delivers each photo as a feed image`() async throws {
        let client = StubHTTPClient.answering(200, json([photoJSON(id: "abc123")]))

        let images = try await RemoteFeedLoader(url: anyURL, client: client, contract: .photos).load()

        #expect(images.map(\.id) == ["abc123"])
        #expect(images.first?.url == URL(string: "https://cdn.test.example/abc123.jpg?w=1080"))
    }

    @Test func `load with the photos contract delivers invalid data error on an image-feed payload`() async {
        let client = StubHTTPClient.answering(200, itemsJSON([]))

        await #expect(throws: RemoteFeedLoader.Error.invalidData) {
            _ = try await RemoteFeedLoader(url: anyURL, client: client, contract: .photos).load()
        }
    }

    @Test func `load with the image-feed contract delivers invalid data error on a photo list`() async {
        let client = StubHTTPClient.answering(200, json([photoJSON(id: "abc123")]))

        await #expect(throws: RemoteFeedLoader.Error.invalidData) {
            _ = try await RemoteFeedLoader(url: anyURL, client: client, contract: .items).load()
        }
    }

    @Test func `loadPhotos delivers the photos with all their details`() async throws {
        let client = StubHTTPClient.answering(200, json([photoJSON(id: "abc123"), photoJSON(id: "def456")]))

        let photos = try await RemoteFeedLoader(url: anyURL, client: client).loadPhotos()

        #expect(photos.map(\.id) == ["abc123", "def456"])
        #expect(photos.first?.user.username == "photographer-abc123")
    }

    @Test func `loadPhotos delivers connectivity error on client error`() async {
        let client = StubHTTPClient.offline()

        await #expect(throws: RemoteFeedLoader.Error.connectivity) {
            _ = try await RemoteFeedLoader(url: anyURL, client: client).loadPhotos()
        }
    }

    @Test func `load rethrows cancellation instead of reporting a connectivity error`() async {
        let client = StubHTTPClient(unknownAddresses: .unreachable)
        client.fail(anyURL, with: CancellationError())

        await #expect(throws: CancellationError.self) {
            _ = try await RemoteFeedLoader(url: anyURL, client: client).load()
        }
    }
}
