import Feed
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP client that answers every URL as stubbed (status and body, or a failure) and records the requests.
final class HTTPClientStub: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [URL: Result<(Int, Data), any Error>] = [:]
    private var requested: [URL] = []

    init() {}

    static func answering(_ status: Int, _ body: Data, at url: URL = anyURL) -> HTTPClientStub {
        let stub = HTTPClientStub()
        stub.stub(url, status: status, body: body)
        return stub
    }

    static func offline() -> HTTPClientStub {
        HTTPClientStub()
    }

    func stub(_ url: URL, status: Int, body: Data) {
        lock.withLock { answers[url] = .success((status, body)) }
    }

    func stub(_ url: URL, failure: any Error) {
        lock.withLock { answers[url] = .failure(failure) }
    }

    var requestedURLs: [URL] {
        lock.withLock { requested }
    }

    func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        let answer = lock.withLock { () -> Result<(Int, Data), any Error>? in
            requested.append(url)
            return answers[url]
        }
        switch answer {
        case .success((let status, let body))?:
            return (body, HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)!)
        case .failure(let error)?:
            throw error
        case nil:
            throw URLError(.notConnectedToInternet)
        }
    }
}
