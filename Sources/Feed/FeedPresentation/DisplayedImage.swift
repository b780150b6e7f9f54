import Foundation

/// One image as the feed screen shows it.
public struct DisplayedImage: Hashable, Sendable {
    /// The image's identifier.
    public var id: String
    /// What the image shows, if known.
    public var description: String?
    /// Where the image was taken, if known.
    public var location: String?
    /// The image's address.
    public var url: URL
    /// Who took the image, if known.
    public var photographer: String?

    /// Creates a displayed image.
    public init(id: String, description: String?, location: String?, url: URL, photographer: String? = nil) {
        self.id = id
        self.description = description
        self.location = location
        self.url = url
        self.photographer = photographer
    }

    /// The feed image as shown.
    public init(_ image: FeedImage) {
        self.init(
            id: image.id, description: image.description, location: image.location, url: image.url,
            photographer: image.photographer)
    }
}
