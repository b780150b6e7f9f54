import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Loads the feed from the server: GET the feed URL, then map the answer with the chosen contract.
public struct RemoteFeedLoader: FeedLoader {
    /// Why the feed could not be loaded from the server.
    public enum Error: Swift.Error, Hashable, CustomStringConvertible {
        /// No answer arrived (no connectivity, timeout, connection lost).
        case connectivity
        /// An answer arrived but it is not a feed (a status other than 200, or a malformed body).
        case invalidData

        /// A one-line explanation.
        public var description: String {
            switch self {
            case .connectivity: "The server could not be reached."
            case .invalidData: "The server's answer is not a valid feed."
            }
        }
    }

    /// The address of the feed.
    public let url: URL
    /// The contract the server's answer follows.
    public let contract: FeedContract
    private let client: any HTTPClient

    /// Creates a loader for the feed at `url`, read with `contract`, fetched through `client`.
    public init(url: URL, client: any HTTPClient, contract: FeedContract = .items) {
        self.url = url
        self.client = client
        self.contract = contract
    }

    /// Loads the feed's images. Throws `RemoteFeedLoader.Error` (or `CancellationError` when the task is cancelled).
    public func load() async throws -> [FeedImage] {
        try await load(mapping: contract.map)
    }

    /// Loads the photo list with all its details, whatever `contract` says.
    /// Throws `RemoteFeedLoader.Error` (or `CancellationError` when the task is cancelled).
    public func loadPhotos() async throws -> [Photo] {
        try await load(mapping: PhotosMapper.map)
    }

    /// Fetches the feed URL and maps the answer with `map`: the building block of `load()` and `loadPhotos()`.
    ///
    /// A failing fetch becomes `.connectivity`, a failing map `.invalidData`.
    public func load<Resource>(mapping map: (Data, HTTPURLResponse) throws -> Resource) async throws -> Resource {
        let data: Data
        let response: HTTPURLResponse
        do {
            (data, response) = try await client.get(from: url)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw Error.connectivity
        }
        do {
            return try map(data, response)
        } catch {
            throw Error.invalidData
        }
    }
}
