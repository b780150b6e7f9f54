import Feed
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `HTTPClient` backed by `URLSession` (FoundationNetworking on Linux).
///
/// Every request is a plain GET that ignores local caches. It ends in a result or an error, never a hang and never
/// unbounded memory:
/// - the request timeout bounds the wait for the connection and for each piece of the answer, and the resource
///   timeout bounds the whole exchange, redirects included (enforced by the client itself, since FoundationNetworking
///   on Linux ignores the session's resource timeout);
/// - the body is received piece by piece and the exchange is cut off as soon as it passes `maximumBodySize`,
///   counted after decompression, whether the server declares a `Content-Length`, streams chunks or sends a
///   compressed body (a declared length over the limit is refused before the body is read). What arrives after
///   the limit is dropped at once; FoundationNetworking on Linux may read on for a moment before the cancellation
///   reaches its queue, so memory stays bounded by the limit plus that moment's backlog (tens of MB measured on
///   loopback, against gigabytes for an unbounded body);
/// - on Linux the request asks for an uncompressed body (`Accept-Encoding: identity`) and a compressed answer is
///   refused at its headers with `Error.compressedBody`: FoundationNetworking unpacks a body on its own queue and
///   cannot be stopped before it has unpacked all of it (a 10 MB gzip body of 10 GB took 30 s and 260 MB);
/// - a body shorter than its declared `Content-Length` is an error;
/// - cancelling the calling task cancels the request.
public final class URLSessionHTTPClient: HTTPClient {
    /// Why a request ended without a usable HTTP answer (beyond `URLError`s from the session).
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
        /// The session delivered something that is not an HTTP response.
        case notHTTP(url: URL)
        /// The body ended before the length the server declared.
        case truncatedBody(url: URL, expected: Int64, received: Int)
        /// The body is larger than the client accepts.
        case bodyTooLarge(url: URL, maximumBodySize: Int)
        /// The server compressed the body although the client asked for an uncompressed one (on Linux only).
        case compressedBody(url: URL, encoding: String)

        /// A one-line explanation naming the URL.
        public var description: String {
            switch self {
            case .notHTTP(let url): "\(url) did not answer with an HTTP response"
            case .truncatedBody(let url, let expected, let received):
                "\(url) declared a body of \(expected) bytes but sent \(received)"
            case .bodyTooLarge(let url, let maximumBodySize):
                "\(url) sent a body larger than \(maximumBodySize) bytes, the most this client accepts"
            case .compressedBody(let url, let encoding):
                "\(url) sent a \(encoding)-compressed body although an uncompressed one was asked for; it is "
                    + "refused, since its unpacked size could not be bounded"
            }
        }
    }

    /// The largest body accepted unless configured otherwise: 10 MB (10,485,760 bytes), far above any real feed.
    public static let defaultMaximumBodySize = 10 * 1024 * 1024

    private let session: URLSession
    private let transfers: TransferDelegate
    /// The longest time, in seconds, a whole exchange may take before it fails with `URLError.timedOut`.
    public let resourceTimeout: TimeInterval
    /// The largest body, in bytes after decompression, a response may have; a larger one fails with
    /// `Error.bodyTooLarge` as soon as it passes the limit.
    public let maximumBodySize: Int

    /// Creates a client with its own ephemeral session (no cookies, no disk cache).
    /// - Parameters:
    ///   - timeout: the longest wait, in seconds, for the connection or for the next piece of the answer. On Linux
    ///     FoundationNetworking counts it in whole seconds, so it is rounded up to a whole number, at least 1.
    ///   - resourceTimeout: the longest time, in seconds, the whole exchange (redirects included) may take.
    ///   - maximumBodySize: the largest body, in bytes after decompression, that is accepted.
    public convenience init(
        timeout: TimeInterval = 30, resourceTimeout: TimeInterval = 300,
        maximumBodySize: Int = URLSessionHTTPClient.defaultMaximumBodySize
    ) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = max(1, timeout.rounded(.up))
        configuration.timeoutIntervalForResource = resourceTimeout
        self.init(configuration: configuration, maximumBodySize: maximumBodySize)
    }

    /// Creates a client with a session of `configuration` (local caches are turned off). The configuration's
    /// `timeoutIntervalForResource` becomes the client's resource timeout.
    public init(
        configuration: URLSessionConfiguration, maximumBodySize: Int = URLSessionHTTPClient.defaultMaximumBodySize
    ) {
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let transfers = TransferDelegate()
        self.transfers = transfers
        // The body arrives on FoundationNetworking's own queue, which does not wait for the delegate: a delegate
        // queue of high priority keeps the pieces waiting for it (and so the memory they hold) few.
        let delegateQueue = OperationQueue()
        delegateQueue.maxConcurrentOperationCount = 1
        delegateQueue.underlyingQueue = transfers.queue
        self.session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: delegateQueue)
        self.resourceTimeout = configuration.timeoutIntervalForResource
        self.maximumBodySize = max(0, maximumBodySize)
    }

    deinit {
        session.finishTasksAndInvalidate()
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
        #if canImport(FoundationNetworking)
            request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        #endif
        let handle = TaskHandle()
        let maximumBodySize = maximumBodySize
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request)
                transfers.begin(
                    task,
                    Transfer(url: url, maximumBodySize: maximumBodySize) { result in continuation.resume(with: result) }
                )
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }
}

/// One exchange in flight: what has arrived so far and where its result goes. Changed only under the delegate's
/// lock (a class, so appending a piece of body never copies what came before).
private final class Transfer {
    let url: URL
    let maximumBodySize: Int
    let finish: (Result<(Data, HTTPURLResponse), any Error>) -> Void
    var body = Data()
    /// Why the client itself cut the exchange off, if it did.
    var failure: (any Error)?

    init(url: URL, maximumBodySize: Int, finish: @escaping (Result<(Data, HTTPURLResponse), any Error>) -> Void) {
        self.url = url
        self.maximumBodySize = maximumBodySize
        self.finish = finish
    }

    /// The result of the exchange once the session says it is complete.
    func result(response: URLResponse?, error: (any Error)?) -> Result<(Data, HTTPURLResponse), any Error> {
        if let failure { return .failure(failure) }
        if let error {
            if let urlError = error as? URLError, urlError.code == .cancelled { return .failure(CancellationError()) }
            return .failure(error)
        }
        guard let response = response as? HTTPURLResponse else {
            return .failure(URLSessionHTTPClient.Error.notHTTP(url: url))
        }
        let expected = response.expectedContentLength
        let encoding = response.value(forHTTPHeaderField: "Content-Encoding")?.lowercased() ?? "identity"
        let hasBody = !(100..<200).contains(response.statusCode) && ![204, 304].contains(response.statusCode)
        if hasBody, expected >= 0, encoding == "identity", Int64(body.count) < expected {
            return .failure(
                URLSessionHTTPClient.Error.truncatedBody(url: url, expected: expected, received: body.count))
        }
        return .success((body, response))
    }
}

/// The session's delegate: collects each task's body piece by piece, cutting it off past its limit, and delivers
/// each task's result when it completes.
private final class TransferDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: `transfers` is only touched under `lock`. (A `Mutex` would not let a transfer, a class changed
    // under the lock, be taken out of it to finish.)
    private let lock = Mutex(())
    private var transfers: [Int: Transfer] = [:]
    /// The queue the session calls the delegate on, kept here because an `OperationQueue` does not retain its
    /// underlying queue.
    let queue = DispatchQueue(label: "URLSessionHTTPClient.delegate", qos: .userInteractive)

    func begin(_ task: URLSessionTask, _ transfer: Transfer) {
        lock.withLock { _ in transfers[task.taskIdentifier] = transfer }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let refused = lock.withLock { _ -> Transfer? in
            guard let transfer = transfers[dataTask.taskIdentifier] else { return nil }
            #if canImport(FoundationNetworking)
                let encoding = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")
                if let encoding, !encoding.isEmpty, encoding.lowercased() != "identity" {
                    transfer.failure = URLSessionHTTPClient.Error.compressedBody(url: transfer.url, encoding: encoding)
                    return transfers.removeValue(forKey: dataTask.taskIdentifier)
                }
            #endif
            guard response.expectedContentLength > Int64(transfer.maximumBodySize) else { return nil }
            transfer.failure = URLSessionHTTPClient.Error.bodyTooLarge(
                url: transfer.url, maximumBodySize: transfer.maximumBodySize)
            return transfers.removeValue(forKey: dataTask.taskIdentifier)
        }
        completionHandler(refused == nil ? .allow : .cancel)
        if let refused { abandon(dataTask, refused) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflowed = lock.withLock { _ -> Transfer? in
            guard let transfer = transfers[dataTask.taskIdentifier] else { return nil }
            guard transfer.body.count + data.count <= transfer.maximumBodySize else {
                transfer.failure = URLSessionHTTPClient.Error.bodyTooLarge(
                    url: transfer.url, maximumBodySize: transfer.maximumBodySize)
                transfer.body = Data()
                return transfers.removeValue(forKey: dataTask.taskIdentifier)
            }
            transfer.body.append(data)
            return nil
        }
        if let overflowed { abandon(dataTask, overflowed) }
    }

    /// Ends a transfer the client refuses: the caller gets the refusal at once and what still arrives is dropped.
    ///
    /// FoundationNetworking on Linux reads (and unpacks) on until its own queue gets to the cancellation, which a
    /// fast or compressed body can delay by seconds: the caller does not wait for it. The cancellation is sent
    /// from a queue of high priority, which its queue reaches sooner than one sent from here.
    private func abandon(_ task: URLSessionDataTask, _ transfer: Transfer) {
        transfer.finish(transfer.result(response: task.response, error: nil))
        DispatchQueue.global(qos: .userInteractive).async { task.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = lock.withLock({ _ in transfers.removeValue(forKey: task.taskIdentifier) }) else { return }
        transfer.finish(transfer.result(response: task.response, error: error))
    }
}

/// Holds a data task so a cancellation arriving before, during or after its start cancels it exactly once.
private final class TaskHandle: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var isCancelled = false
    }

    private let state = Mutex(State())

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        task.resume()
        if cancelled { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }
}
