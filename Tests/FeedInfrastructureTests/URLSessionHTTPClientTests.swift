import Feed
import FeedInfrastructure
import FeedTestSupport
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSessionHTTPClient against a loopback server", .hangLimit)
struct URLSessionHTTPClientTests {
    @Test func `get requests the URL with the GET method`() async throws {
        let server = try LoopbackServer { _ in .respond(status: 200) }
        defer { server.stop() }

        _ = try await URLSessionHTTPClient().get(from: server.url("/images/feed?page=2"))

        #expect(server.requests.map { "\($0.method) \($0.path)" } == ["GET /images/feed?page=2"])
    }

    @Test(arguments: [200, 201, 204, 301, 304, 400, 404, 500, 503])
    func `get delivers the status code of any answer`(status: Int) async throws {
        let server = try LoopbackServer { _ in .respond(status: status) }
        defer { server.stop() }

        let (_, response) = try await URLSessionHTTPClient().get(from: server.url())

        #expect(response.statusCode == status)
    }

    @Test func `get delivers the body bytes exactly`() async throws {
        let body = Data((0..<1024).map { UInt8($0 % 256) })
        let server = try LoopbackServer { _ in .respond(status: 200, body: body) }
        defer { server.stop() }

        let (data, _) = try await URLSessionHTTPClient().get(from: server.url())

        #expect(data == body)
    }

    @Test func `get delivers the body of an error status`() async throws {
        let server = try LoopbackServer { _ in .respond(status: 500, body: Data("down".utf8)) }
        defer { server.stop() }

        let (data, response) = try await URLSessionHTTPClient().get(from: server.url())

        #expect(response.statusCode == 500)
        #expect(data == Data("down".utf8))
    }

    @Test func `get delivers empty data for an answer without a body`() async throws {
        let server = try LoopbackServer { _ in .respond(status: 200) }
        defer { server.stop() }

        let (data, _) = try await URLSessionHTTPClient().get(from: server.url())

        #expect(data.isEmpty)
    }

    @Test func `get fails when the connection is refused`() async throws {
        await #expect(throws: (any Error).self) {
            _ = try await URLSessionHTTPClient(timeout: 5, resourceTimeout: 5).get(from: unreachableURL)
        }
    }

    @Test func `get through a remote feed loader delivers the feed`() async throws {
        let body = Data(
            #"{"items":[{"id":"1F0B5D3C-2A4E-4B6F-8C9D-0E1F2A3B4C5D","image":"https://img.example/a.jpg"}]}"#.utf8)
        let server = try LoopbackServer { _ in .respond(status: 200, body: body) }
        defer { server.stop() }

        let images = try await RemoteFeedLoader(url: server.url(), client: URLSessionHTTPClient()).load()

        #expect(images.map(\.id) == ["1F0B5D3C-2A4E-4B6F-8C9D-0E1F2A3B4C5D"])
    }
}
