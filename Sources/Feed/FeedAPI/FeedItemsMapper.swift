import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Maps the image-feed contract, `{"items": [{"id", "description"?, "location"?, "image"}]}`, to feed images.
///
/// A pure function, safe to call from a fuzzer: it never crashes, it returns images or throws `FeedPayloadError`.
public enum FeedItemsMapper {
    private struct Root: Decodable {
        let items: [RemoteFeedItem]
    }

    private struct RemoteFeedItem: Decodable {
        let id: String
        let description: String?
        let location: String?
        let image: String
    }

    /// The images of a `200 OK` answer whose body follows the image-feed contract.
    ///
    /// Throws `FeedPayloadError` for any other status code, a body that is not that JSON, an `id` that is not a
    /// UUID, or an `image` that is not an http or https address.
    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> [FeedImage] {
        try PayloadDecoding.requireOK(response)
        let root = try PayloadDecoding.decode(Root.self, from: data)
        return try root.items.enumerated().map { index, item in
            guard let id = UUID(uuidString: item.id) else {
                throw FeedPayloadError("items[\(index)].id: \"\(item.id)\" is not a UUID")
            }
            let url = try PayloadDecoding.webURL(item.image, at: "items[\(index)].image")
            return FeedImage(id: id, description: item.description, location: item.location, url: url)
        }
    }
}
