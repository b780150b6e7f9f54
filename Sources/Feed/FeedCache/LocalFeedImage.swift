import Foundation

/// A feed image as the cache stores it: the cache's own model, so stores never depend on the feed's.
public struct LocalFeedImage: Hashable, Sendable {
    /// The image's identifier.
    public var id: String
    /// What the image shows, if known.
    public var description: String?
    /// Where the image was taken, if known.
    public var location: String?
    /// Where the image can be downloaded.
    public var url: URL
    /// Who took the image, if known.
    public var photographer: String?

    /// Creates a cached image.
    public init(id: String, description: String?, location: String?, url: URL, photographer: String? = nil) {
        self.id = id
        self.description = description
        self.location = location
        self.url = url
        self.photographer = photographer
    }

    /// Whether the image's address is a web address (`http` or `https` with a host); stores reject a cache holding
    /// anything else as corrupt.
    public var hasWebAddress: Bool { FeedImage.isWebAddress(url) }
}

/// A feed as the cache holds it: the images and when they were saved.
public struct CachedFeed: Hashable, Sendable {
    /// The images, in feed order.
    public var feed: [LocalFeedImage]
    /// When the feed was saved.
    public var timestamp: Date

    /// Creates a cached feed.
    public init(feed: [LocalFeedImage], timestamp: Date) {
        self.feed = feed
        self.timestamp = timestamp
    }
}

extension FeedImage {
    /// The image as the cache stores it.
    public var local: LocalFeedImage {
        LocalFeedImage(id: id, description: description, location: location, url: url, photographer: photographer)
    }
}

extension LocalFeedImage {
    /// The cached image as a feed image.
    public var model: FeedImage {
        FeedImage(id: id, description: description, location: location, url: url, photographer: photographer)
    }
}
