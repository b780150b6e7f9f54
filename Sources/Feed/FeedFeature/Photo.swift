import Foundation

/// A photo of the photo list (the Unsplash-style contract), with every detail the server sends that the app keeps.
public struct Photo: Hashable, Sendable {
    /// The photo's identifier, e.g. `qT4mN8vLx2A`.
    public var id: String
    /// When the photo was published.
    public var createdAt: Date
    /// When the photo was last changed.
    public var updatedAt: Date
    /// The width of the original, in pixels.
    public var width: Int
    /// The height of the original, in pixels.
    public var height: Int
    /// The photo's dominant colour as a hex string, e.g. `#3B5A73`.
    public var color: String
    /// How many people liked the photo.
    public var likes: Int
    /// Whether the signed-in user liked the photo.
    public var likedByUser: Bool
    /// How many times the photo was downloaded, when the server says.
    public var downloads: Int?
    /// What the photo shows, if the photographer said.
    public var description: String?
    /// Who took the photo.
    public var user: User
    /// The photo in its several sizes.
    public var urls: URLs
    /// Where the photo lives on the server.
    public var links: Links
    /// Where the photo was taken, if known.
    public var location: Location?
    /// The camera settings, if known.
    public var exif: Exif?
    /// The photo's tags (empty when the server sends none).
    public var tags: [Tag]

    /// Creates a photo.
    public init(
        id: String, createdAt: Date, updatedAt: Date, width: Int, height: Int, color: String, likes: Int,
        likedByUser: Bool, downloads: Int? = nil, description: String?, user: User, urls: URLs, links: Links,
        location: Location? = nil, exif: Exif? = nil, tags: [Tag] = []
    ) {
        self.id = id
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.width = width
        self.height = height
        self.color = color
        self.likes = likes
        self.likedByUser = likedByUser
        self.downloads = downloads
        self.description = description
        self.user = user
        self.urls = urls
        self.links = links
        self.location = location
        self.exif = exif
        self.tags = tags
    }

    /// The photo as an image of the feed: its description, its place, its regular-size image and its photographer.
    public var feedImage: FeedImage {
        FeedImage(
            id: id, description: description, location: location?.displayName, url: urls.regular,
            photographer: user.name)
    }
}

extension Photo {
    /// The photographer.
    public struct User: Hashable, Sendable {
        /// The photographer's identifier.
        public var id: String
        /// The photographer's handle, e.g. `marisol`.
        public var username: String
        /// The photographer's display name, e.g. `Marisol Vega`.
        public var name: String
        /// The photographer's own site, if any.
        public var portfolioURL: URL?
        /// A short biography, if any.
        public var bio: String?
        /// Where the photographer lives, if they said.
        public var location: String?
        /// How many photos the photographer liked, if the server says.
        public var totalLikes: Int?
        /// How many photos the photographer published, if the server says.
        public var totalPhotos: Int?
        /// How many collections the photographer made, if the server says.
        public var totalCollections: Int?
        /// The photographer's Instagram handle, if any.
        public var instagramUsername: String?
        /// The photographer's Twitter handle, if any.
        public var twitterUsername: String?
        /// The photographer's avatar in three sizes, if any.
        public var profileImage: ProfileImage?
        /// The photographer's pages, by name (`self`, `html`, `photos`, `likes`, `portfolio`, ...).
        public var links: [String: URL]

        /// Creates a photographer.
        public init(
            id: String, username: String, name: String, portfolioURL: URL? = nil, bio: String? = nil,
            location: String? = nil, totalLikes: Int? = nil, totalPhotos: Int? = nil, totalCollections: Int? = nil,
            instagramUsername: String? = nil, twitterUsername: String? = nil, profileImage: ProfileImage? = nil,
            links: [String: URL] = [:]
        ) {
            self.id = id
            self.username = username
            self.name = name
            self.portfolioURL = portfolioURL
            self.bio = bio
            self.location = location
            self.totalLikes = totalLikes
            self.totalPhotos = totalPhotos
            self.totalCollections = totalCollections
            self.instagramUsername = instagramUsername
            self.twitterUsername = twitterUsername
            self.profileImage = profileImage
            self.links = links
        }
    }

    /// A photographer's avatar in three sizes.
    public struct ProfileImage: Hashable, Sendable {
        /// The smallest avatar.
        public var small: URL
        /// The medium avatar.
        public var medium: URL
        /// The largest avatar.
        public var large: URL

        /// Creates the avatar sizes.
        public init(small: URL, medium: URL, large: URL) {
            self.small = small
            self.medium = medium
            self.large = large
        }
    }

    /// A photo in its several sizes.
    public struct URLs: Hashable, Sendable {
        /// The original file.
        public var raw: URL
        /// The full-size image.
        public var full: URL
        /// The image at the size the app shows (about 1080 pixels wide).
        public var regular: URL
        /// A small image.
        public var small: URL
        /// A thumbnail.
        public var thumb: URL

        /// Creates the sizes.
        public init(raw: URL, full: URL, regular: URL, small: URL, thumb: URL) {
            self.raw = raw
            self.full = full
            self.regular = regular
            self.small = small
            self.thumb = thumb
        }
    }

    /// Where a photo lives on the server.
    public struct Links: Hashable, Sendable {
        /// The photo's API address (`self` in the payload).
        public var api: URL
        /// The photo's web page.
        public var html: URL
        /// Where the photo is downloaded.
        public var download: URL
        /// The API address that counts a download.
        public var downloadLocation: URL

        /// Creates the links.
        public init(api: URL, html: URL, download: URL, downloadLocation: URL) {
            self.api = api
            self.html = html
            self.download = download
            self.downloadLocation = downloadLocation
        }
    }

    /// Where a photo was taken.
    public struct Location: Hashable, Sendable {
        /// The place's full name, if the server gives one.
        public var name: String?
        /// The city, if known.
        public var city: String?
        /// The country, if known.
        public var country: String?
        /// The coordinates, if known.
        public var position: Position?

        /// Creates a location.
        public init(name: String? = nil, city: String? = nil, country: String? = nil, position: Position? = nil) {
            self.name = name
            self.city = city
            self.country = country
            self.position = position
        }

        /// The place as shown to the customer: its name, or "city, country" from the parts that are known;
        /// `nil` when nothing is known.
        public var displayName: String? {
            if let name, !name.isEmpty { return name }
            let parts = [city, country].compactMap { $0 }.filter { !$0.isEmpty }
            return parts.isEmpty ? nil : parts.joined(separator: ", ")
        }
    }

    /// The coordinates of a place.
    public struct Position: Hashable, Sendable {
        /// The latitude in degrees, if known.
        public var latitude: Double?
        /// The longitude in degrees, if known.
        public var longitude: Double?

        /// Creates a position.
        public init(latitude: Double?, longitude: Double?) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// The camera settings of a photo.
    public struct Exif: Hashable, Sendable {
        /// The camera's maker.
        public var make: String?
        /// The camera's model.
        public var model: String?
        /// The exposure time, e.g. `1/250`.
        public var exposureTime: String?
        /// The aperture, e.g. `5.6`.
        public var aperture: String?
        /// The focal length, e.g. `23.0`.
        public var focalLength: String?
        /// The ISO speed.
        public var iso: Int?

        /// Creates camera settings.
        public init(
            make: String? = nil, model: String? = nil, exposureTime: String? = nil, aperture: String? = nil,
            focalLength: String? = nil, iso: Int? = nil
        ) {
            self.make = make
            self.model = model
            self.exposureTime = exposureTime
            self.aperture = aperture
            self.focalLength = focalLength
            self.iso = iso
        }
    }

    /// A tag of a photo.
    public struct Tag: Hashable, Sendable {
        /// The tag's text.
        public var title: String

        /// Creates a tag.
        public init(title: String) {
            self.title = title
        }
    }
}
