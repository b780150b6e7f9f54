import Foundation

/// One image of the feed: what the app shows and what the cache keeps.
///
/// Both payload contracts end up here: an image of the image feed keeps its UUID (as its canonical
/// upper-case string) and a photo of the photo list keeps its own identifier, so a cached photo feed
/// shows the same identifiers offline as it did online.
public struct FeedImage: Hashable, Sendable {
    /// The identifier the server gave the image.
    public var id: String
    /// What the image shows, if the server said.
    public var description: String?
    /// Where the image was taken, if the server said.
    public var location: String?
    /// Where the image itself can be downloaded.
    public var url: URL
    /// Who took the image, if the server said (the photo list names its photographers; the image feed does not).
    public var photographer: String?

    /// Creates an image with the given identifier.
    public init(id: String, description: String?, location: String?, url: URL, photographer: String? = nil) {
        self.id = id
        self.description = description
        self.location = location
        self.url = url
        self.photographer = photographer
    }

    /// Creates an image identified by a UUID, stored as its canonical upper-case string.
    public init(id: UUID, description: String?, location: String?, url: URL, photographer: String? = nil) {
        self.init(
            id: id.uuidString, description: description, location: location, url: url, photographer: photographer)
    }

    /// Whether `url` is a web address the app may show: an absolute `http` or `https` URL with a host. Payloads and
    /// caches holding anything else are rejected.
    public static func isWebAddress(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return false }
        return true
    }
}
