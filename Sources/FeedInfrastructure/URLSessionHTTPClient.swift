import Feed
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `HTTPClient` backed by `URLSession` (FoundationNetworking on Linux).
///
/// Every request is a plain GET that ignores local caches. It ends in a result or an error, never a hang: the
/// request timeout bounds the wait for the connection and for each piece of the answer, and the resource timeout
/// bounds the whole exchange, redirects included (enforced by the client itself, since FoundationNetworking on
/// Linux ignores the session's resource timeout); a body shorter than its declared `Content-Length` is an error;
/// cancelling the calling task cancels the request.
public final class URLSessionHTTPClient: HTTPClient {
    /// Why a request ended without a usable HTTP answer (beyond `URLError`s from the session).
    public enum Error: Swift.Error, CustomStringConvertible {
        /// The session delivered something that is not an HTTP response.
        case notHTTP(url: URL)
        /// The body ended before the length the server declared.
        case truncatedBody(url: URL, expected: Int64, received: Int)

        /// A one-line explanation naming the URL.
        public var description: String {
            switch self {
            case .notHTTP(let url): "\(url) did not answer with an HTTP response"
            case .truncatedBody(let url, let expected, let received):
                "\(url) declared a body of \(expected) bytes but sent \(received)"
            }
        }
    }

    private let session: URLSession
    private let ownsSession: Bool
    /// The longest time, in seconds, a whole exchange may take before it fails with `URLError.timedOut`.
    public let resourceTimeout: TimeInterval

    /// Creates a client over `session`, which the caller configures and owns. The session's
    /// `timeoutIntervalForResource` becomes the client's resource timeout.
    public init(session: URLSession) {
        self.session = session
        self.ownsSession = false
        self.resourceTimeout = session.configuration.timeoutIntervalForResource
    }

    /// Creates a client with its own ephemeral session (no cookies, no disk cache).
    /// - Parameters:
    ///   - timeout: the longest wait, in seconds, for the connection or for the next piece of the answer. On Linux
    ///     FoundationNetworking counts it in whole seconds, so it is rounded up to a whole number, at least 1.
    ///   - resourceTimeout: the longest time, in seconds, the whole exchange (redirects included) may take.
    public convenience init(timeout: TimeInterval = 30, resourceTimeout: TimeInterval = 300) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = max(1, timeout.rounded(.up))
        configuration.timeoutIntervalForResource = resourceTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        self.init(ownedSession: URLSession(configuration: configuration), resourceTimeout: resourceTimeout)
    }

    private init(ownedSession: URLSession, resourceTimeout: TimeInterval) {
        self.session = ownedSession
        self.ownsSession = true
        self.resourceTimeout = resourceTimeout
    }

    deinit {
        if ownsSession { session.finishTasksAndInvalidate() }
    }

    /// GETs `url` and delivers the body and response, whatever the status code.
    /// Throws the session's `URLError` (`.timedOut` past the resource timeout), `URLSessionHTTPClient.Error`, or
    /// `CancellationError`.
    public func get(from url: URL) async throws -> (Data, HTTPURLResponse) {
        guard let limit = Self.nanoseconds(resourceTimeout) else { return try await perform(url) }
        return try await withThrowingTaskGroup(of: (Data, HTTPURLResponse).self) { group in
            group.addTask { try await self.perform(url) }
            group.addTask {
                try await Task.sleep(nanoseconds: limit)
                throw URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: url])
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }

    /// A timeout in nanoseconds, or `nil` for no limit (an infinite or NaN timeout).
    private static func nanoseconds(_ seconds: TimeInterval) -> UInt64? {
        guard seconds.isFinite else { return nil }
        return UInt64(min(max(seconds, 0), 1e9) * 1e9)
    }

    private func perform(_ url: URL) async throws -> (Data, HTTPURLResponse) {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.cachePolicy = .reloadIgnoringLocalCacheData
        let handle = TaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    continuation.resume(with: Self.result(for: url, data: data, response: response, error: error))
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }

    private static func result(
        for url: URL, data: Data?, response: URLResponse?, error: (any Swift.Error)?
    ) -> Result<(Data, HTTPURLResponse), any Swift.Error> {
        if let error {
            if let urlError = error as? URLError, urlError.code == .cancelled { return .failure(CancellationError()) }
            return .failure(error)
        }
        guard let response = response as? HTTPURLResponse else { return .failure(Error.notHTTP(url: url)) }
        let body = data ?? Data()
        let expected = response.expectedContentLength
        let encoding = response.value(forHTTPHeaderField: "Content-Encoding")?.lowercased() ?? "identity"
        let hasBody = !(100..<200).contains(response.statusCode) && ![204, 304].contains(response.statusCode)
        if hasBody, expected >= 0, encoding == "identity", Int64(body.count) < expected {
            return .failure(Error.truncatedBody(url: url, expected: expected, received: body.count))
        }
        return .success((body, response))
    }
}

/// Holds a data task so a cancellation arriving before, during or after its start cancels it exactly once.
private final class TaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelled = isCancelled
        lock.unlock()
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
