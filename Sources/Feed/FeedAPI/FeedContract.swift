import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The two payload contracts a feed server may speak.
public enum FeedContract: String, Sendable, Hashable, CaseIterable {
    /// The image feed: `{"items": [{"id": UUID, "description"?, "location"?, "image": URL}]}`.
    case items
    /// The photo list: an Unsplash-style JSON array of photos (see `PhotosMapper`).
    case photos

    /// Maps a server's answer in this contract to feed images (photos become images via `Photo.feedImage`).
    ///
    /// Throws `FeedPayloadError` when the answer is not a feed in this contract.
    public func map(_ data: Data, from response: HTTPURLResponse) throws -> [FeedImage] {
        switch self {
        case .items: try FeedItemsMapper.map(data, from: response)
        case .photos: try PhotosMapper.map(data, from: response).map(\.feedImage)
        }
    }
}
