import Feed

/// Loads from a primary loader and, when it fails, from a fallback.
public struct FeedLoaderWithFallback: FeedLoader {
    private let primary: any FeedLoader
    private let fallback: any FeedLoader

    /// Creates the composition.
    public init(primary: any FeedLoader, fallback: any FeedLoader) {
        self.primary = primary
        self.fallback = fallback
    }

    /// The primary's feed, or the fallback's when the primary throws (cancellation is not a failure to fall back on).
    public func load() async throws -> [FeedImage] {
        do {
            return try await primary.load()
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return try await fallback.load()
        }
    }
}
