import Feed
import FeedInfrastructure
import FeedTestSupport
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A misbehaving server ends every request in a delivered error or result, never a hang.
@Suite("HTTP client fault tolerance", .hangLimit)
struct HTTPClientFaultToleranceTests {
    @Test func `a server that never answers times out with an error`() async throws {
        let server = try LoopbackServer { _ in .hang }
        defer { server.stop() }
        let client = URLSessionHTTPClient(timeout: 1)

        await #expect(throws: (any Error).self) {
            _ = try await client.get(from: server.url())
        }
        #expect(server.requests.count == 1)
    }

    @Test func `a body that trickles in past the resource timeout ends in an error`() async throws {
        let server = try LoopbackServer { _ in .dribble(declaredLength: 200, body: Data(count: 200), interval: 0.05) }
        defer { server.stop() }
        let client = URLSessionHTTPClient(timeout: 5, resourceTimeout: 1)

        await #expect(throws: URLError.self) {
            _ = try await client.get(from: server.url())
        }
    }

    @Test func `a redirect is followed to the final answer`() async throws {
        let server = try LoopbackServer { request in
            request.path == "/old"
                ? .redirect(status: 301, location: "/new") : .respond(status: 200, body: Data("new".utf8))
        }
        defer { server.stop() }

        let (data, response) = try await URLSessionHTTPClient().get(from: server.url("/old"))

        #expect(response.statusCode == 200)
        #expect(data == Data("new".utf8))
        #expect(server.requests.map(\.path) == ["/old", "/new"])
    }

    @Test func `an endless redirect loop ends in an error`() async throws {
        let server = try LoopbackServer { request in
            .redirect(status: 302, location: request.path == "/a" ? "/b" : "/a")
        }
        defer { server.stop() }
        let client = URLSessionHTTPClient(timeout: 5, resourceTimeout: 10)

        await #expect(throws: URLError.self) {
            _ = try await client.get(from: server.url("/a"))
        }
        #expect(server.requests.count > 2)
    }

    @Test func `a 50 MB body is delivered intact when the limit allows it`() async throws {
        var body = Data(count: 50 * 1024 * 1024)
        body.withUnsafeMutableBytes { bytes in
            for index in stride(from: 0, to: bytes.count, by: 4096) {
                bytes[index] = UInt8(truncatingIfNeeded: index / 4096)
            }
        }
        let payload = body
        let server = try LoopbackServer { _ in .respond(status: 200, body: payload) }
        defer { server.stop() }

        let (data, _) = try await URLSessionHTTPClient(maximumBodySize: 64 * 1024 * 1024).get(from: server.url())

        #expect(data.count == payload.count)
        #expect(data == payload)
    }

    @Test func `a body exactly at the limit is delivered`() async throws {
        let payload = Data(repeating: 7, count: 4096)
        let server = try LoopbackServer { _ in .respond(status: 200, body: payload) }
        defer { server.stop() }

        let (data, _) = try await URLSessionHTTPClient(maximumBodySize: 4096).get(from: server.url())

        #expect(data == payload)
    }

    @Test func `a body declared larger than the limit is refused without reading it`() async throws {
        let server = try LoopbackServer { _ in
            .endlessDeclared(declaredLength: 11 * 1024 * 1024, chunk: Data(repeating: 65, count: 64 * 1024))
        }
        defer { server.stop() }
        let url = server.url()

        await #expect(throws: URLSessionHTTPClient.Error.bodyTooLarge(url: url, maximumBodySize: 10 * 1024 * 1024)) {
            _ = try await URLSessionHTTPClient().get(from: url)
        }
    }

    @Test func `a chunked body that never ends is cut off just past the limit`() async throws {
        let server = try LoopbackServer { _ in .endlessChunks(chunk: Data(repeating: 66, count: 16 * 1024)) }
        defer { server.stop() }
        let url = server.url()
        let limit = 1024 * 1024

        await #expect(throws: URLSessionHTTPClient.Error.bodyTooLarge(url: url, maximumBodySize: limit)) {
            _ = try await URLSessionHTTPClient(maximumBodySize: limit).get(from: url)
        }
    }

    #if canImport(FoundationNetworking)
        @Test func `on Linux the request asks for an uncompressed body`() async throws {
            let server = try LoopbackServer { _ in .respond(status: 200, body: Data("ok".utf8)) }
            defer { server.stop() }

            _ = try await URLSessionHTTPClient().get(from: server.url())

            #expect(server.requests.first?.headers["accept-encoding"] == "identity")
        }

        @Test(.enabled(if: Gzip.isAvailable, "needs the gzip command to make a compressed body"))
        func `on Linux a compressed body is refused at its headers, a gzip bomb included`() async throws {
            // 64 MB of zeros packs into about 64 KB.
            let bomb = try await Gzip.zeros(megabytes: 64)
            let server = try LoopbackServer { _ in
                .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: bomb)
            }
            defer { server.stop() }
            let url = server.url()

            await #expect(throws: URLSessionHTTPClient.Error.compressedBody(url: url, encoding: "gzip")) {
                _ = try await URLSessionHTTPClient().get(from: url)
            }
        }
    #else
        @Test(.enabled(if: Gzip.isAvailable, "needs the gzip command to make a compressed body"))
        func `a compressed body is limited by its unpacked size`() async throws {
            let bomb = try Gzip.zeros(megabytes: 64)
            let server = try LoopbackServer { _ in
                .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: bomb)
            }
            defer { server.stop() }
            let url = server.url()
            let limit = 1024 * 1024

            await #expect(throws: URLSessionHTTPClient.Error.bodyTooLarge(url: url, maximumBodySize: limit)) {
                _ = try await URLSessionHTTPClient(maximumBodySize: limit).get(from: url)
            }
        }
    #endif

    @Test func `a body cut off before its declared length ends in an error`() async throws {
        let server = try LoopbackServer { _ in .cutOff(declaredLength: 1000, body: Data(count: 400)) }
        defer { server.stop() }

        await #expect(throws: (any Error).self) {
            _ = try await URLSessionHTTPClient(timeout: 5).get(from: server.url())
        }
    }

    @Test func `a chunked body cut off mid-stream ends in an error`() async throws {
        let server = try LoopbackServer { _ in .cutOffChunked(firstChunk: Data(count: 300)) }
        defer { server.stop() }

        await #expect(throws: (any Error).self) {
            _ = try await URLSessionHTTPClient(timeout: 5).get(from: server.url())
        }
    }

    @Test func `a connection reset ends in an error`() async throws {
        let server = try LoopbackServer { _ in .reset }
        defer { server.stop() }

        await #expect(throws: (any Error).self) {
            _ = try await URLSessionHTTPClient(timeout: 5).get(from: server.url())
        }
    }

    @Test func `a connection closed without an answer ends in an error`() async throws {
        let server = try LoopbackServer { _ in .close }
        defer { server.stop() }

        await #expect(throws: (any Error).self) {
            _ = try await URLSessionHTTPClient(timeout: 5).get(from: server.url())
        }
    }

    @Test func `cancelling the calling task cancels the request`() async throws {
        let server = try LoopbackServer { _ in .hang }
        defer { server.stop() }
        let client = URLSessionHTTPClient(timeout: 30)

        let request = Task { try await client.get(from: server.url()) }
        while server.requests.isEmpty { await Task.yield() }
        request.cancel()

        await #expect(throws: CancellationError.self) {
            _ = try await request.value
        }
    }

    @Test func `every server failure reaches the remote loader as a connectivity error`() async throws {
        let server = try LoopbackServer { _ in .cutOff(declaredLength: 100, body: Data("{\"items\"".utf8)) }
        defer { server.stop() }
        let loader = RemoteFeedLoader(url: server.url(), client: URLSessionHTTPClient(timeout: 5))

        await #expect(throws: RemoteFeedLoader.Error.connectivity) {
            _ = try await loader.load()
        }
    }
}
