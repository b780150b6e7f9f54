import Feed
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stand-in for the network: it answers each address with the status and body a step gave it, or fails every
/// request when the customer is offline. It records every request.
///
/// An address nobody configured answers `404` with an empty body, like a server that does not know it.
public final class StubHTTPClient: HTTPClient {
    /// What the server answers for one address.
    public struct Answer: Hashable, Sendable {
        /// The HTTP status code.
        public var status: Int
        /// The body.
        public var body: Data

        /// Creates an answer.
        public init(status: Int, body: Data) {
            self.status = status
            self.body = body
        }
    }

    /// The error a request fails with while the customer is offline.
    public struct NoConnectivity: Error, CustomStringConvertible {
        /// The address that was requested.
        public var url: URL

        /// A one-line explanation naming the address.
        public var description: String { "No connectivity: the request for \(url.absoluteString) did not leave." }
    }

    private struct State {
        var answers: [URL: Answer] = [:]
        var isOffline = false
        var requests: [URL] = []
    }

    private let state = Locked(State())

    /// Creates a client that is online and knows no address.
    public init() {}

    /// Makes `url` answer with `answer` from now on (and brings the customer online).
    public func answer(_ url: URL, with answer: Answer) {
        state.withLock {
            $0.answers[url] = answer
            $0.isOffline = false
        }
    }

    /// Whether every request fails for want of connectivity.
    public var isOffline: Bool {
        get { state.withLock { $0.isOffline } }
        set { state.withLock { $0.isOffline = newValue } }
    }

    /// Every address requested so far, in order, including the requests made while offline.
    public var requests: [URL] { state.withLock { $0.requests } }

    /// How many times `url` was requested.
    public func requestCount(for url: URL) -> Int {
        state.withLock { $0.requests.filter { $0 == url }.count }
    }

    /// Records the request, then answers it (or throws `NoConnectivity` while offline).
    public func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        let (answer, offline) = state.withLock { state -> (Answer?, Bool) in
            state.requests.append(url)
            return (state.answers[url], state.isOffline)
        }
        if offline { throw NoConnectivity(url: url) }
        let resolved = answer ?? Answer(status: 404, body: Data())
        guard
            let response = HTTPURLResponse(
                url: url, statusCode: resolved.status, httpVersion: "HTTP/1.1", headerFields: nil)
        else {
            throw NoConnectivity(url: url)
        }
        return (resolved.body, response)
    }
}
