import Feed
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stand-in for the network, shared by the feed's tests and its acceptance world: it answers each address with the
/// status and body it was given (or fails it with an error), fails every request while offline, and records every
/// request.
///
/// An address nobody configured answers `404` with an empty body, like a server that does not know it, or, with
/// `unknownAddresses: .unreachable`, fails as if there were no connectivity.
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

    /// How addresses nobody configured answer.
    public enum UnknownAddresses: Sendable {
        /// `404` with an empty body.
        case notFound
        /// `NoConnectivity`, as if the request never left.
        case unreachable
    }

    /// The error a request fails with while offline, or for an unreachable address.
    public struct NoConnectivity: Error, CustomStringConvertible {
        /// The address that was requested.
        public var url: URL

        /// A one-line explanation naming the address.
        public var description: String { "No connectivity: the request for \(url.absoluteString) did not leave." }
    }

    private struct State {
        var answers: [URL: Result<Answer, any Error>] = [:]
        var isOffline = false
        var requests: [URL] = []
    }

    private let state = Mutex(State())
    private let unknownAddresses: UnknownAddresses

    /// Creates a client that is online and knows no address.
    public init(unknownAddresses: UnknownAddresses = .notFound) {
        self.unknownAddresses = unknownAddresses
    }

    /// A client answering `url` with `status` and `body`; other addresses are unreachable.
    public static func answering(_ status: Int, _ body: Data, at url: URL) -> StubHTTPClient {
        let client = StubHTTPClient(unknownAddresses: .unreachable)
        client.answer(url, with: Answer(status: status, body: body))
        return client
    }

    /// A client for which every request fails as if there were no connectivity.
    public static func offline() -> StubHTTPClient {
        let client = StubHTTPClient(unknownAddresses: .unreachable)
        client.isOffline = true
        return client
    }

    /// Makes `url` answer with `answer` from now on (and brings the client online).
    public func answer(_ url: URL, with answer: Answer) {
        state.withLock {
            $0.answers[url] = .success(answer)
            $0.isOffline = false
        }
    }

    /// Makes requests for `url` fail with `error` from now on.
    public func fail(_ url: URL, with error: any Error) {
        state.withLock { $0.answers[url] = .failure(error) }
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
        let (answer, offline) = state.withLock { state -> (Result<Answer, any Error>?, Bool) in
            state.requests.append(url)
            return (state.answers[url], state.isOffline)
        }
        if offline { throw NoConnectivity(url: url) }
        let resolved: Answer
        switch answer {
        case .success(let configured)?: resolved = configured
        case .failure(let error)?: throw error
        case nil:
            guard unknownAddresses == .notFound else { throw NoConnectivity(url: url) }
            resolved = Answer(status: 404, body: Data())
        }
        guard
            let response = HTTPURLResponse(
                url: url, statusCode: resolved.status, httpVersion: "HTTP/1.1", headerFields: nil)
        else {
            throw NoConnectivity(url: url)
        }
        return (resolved.body, response)
    }
}
