import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Maps the photo-list contract (an Unsplash-style JSON array of photos) to `Photo` values.
///
/// Required per photo: `id`, `created_at` and `updated_at` (ISO 8601), `width`, `height`, `color`, `likes`,
/// `liked_by_user`, `user` (`id`, `username`, `name`), `urls` (`raw`, `full`, `regular`, `small`, `thumb`) and
/// `links` (`self`, `html`, `download`, `download_location`). Optional: `description`, `downloads`, `location`,
/// `exif`, `tags` and the user's other details. Fields the app does not use (such as
/// `current_user_collections`) are ignored. Every address must be an http or https URL.
///
/// A pure function, safe to call from a fuzzer: it never crashes, it returns photos or throws `FeedPayloadError`.
public enum PhotosMapper {
    /// The photos of a `200 OK` answer whose body follows the photo-list contract.
    ///
    /// Throws `FeedPayloadError` for any other status code, a body that is not such a list, a photo missing a
    /// required field, a date that is not ISO 8601, or an address that is not an http or https URL.
    public static func map(_ data: Data, from response: HTTPURLResponse) throws -> [Photo] {
        try PayloadDecoding.requireOK(response)
        let photos = try PayloadDecoding.decode([RemotePhoto].self, from: data)
        return try photos.enumerated().map { index, photo in try photo.model(at: "[\(index)]") }
    }

    private static func date(_ string: String, at path: String) throws -> Date {
        if let date = try? Date.ISO8601FormatStyle().parse(string) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(string) { return date }
        throw FeedPayloadError("\(path): \"\(string)\" is not an ISO 8601 date and time")
    }

    private struct RemotePhoto: Decodable {
        let id: String
        let createdAt: String
        let updatedAt: String
        let width: Int
        let height: Int
        let color: String
        let likes: Int
        let likedByUser: Bool
        let downloads: Int?
        let description: String?
        let user: RemoteUser
        let urls: RemoteURLs
        let links: RemoteLinks
        let location: RemoteLocation?
        let exif: RemoteExif?
        let tags: [RemoteTag]?

        enum CodingKeys: String, CodingKey {
            case id, width, height, color, likes, downloads, description, user, urls, links, location, exif, tags
            case createdAt = "created_at"
            case updatedAt = "updated_at"
            case likedByUser = "liked_by_user"
        }

        func model(at path: String) throws -> Photo {
            Photo(
                id: id,
                createdAt: try PhotosMapper.date(createdAt, at: "\(path).created_at"),
                updatedAt: try PhotosMapper.date(updatedAt, at: "\(path).updated_at"),
                width: width, height: height, color: color, likes: likes, likedByUser: likedByUser,
                downloads: downloads, description: description,
                user: try user.model(at: "\(path).user"),
                urls: try urls.model(at: "\(path).urls"),
                links: try links.model(at: "\(path).links"),
                location: location?.converted,
                exif: exif?.converted,
                tags: (tags ?? []).map { Photo.Tag(title: $0.title) }
            )
        }
    }

    private struct RemoteUser: Decodable {
        let id: String
        let username: String
        let name: String
        let portfolioURL: String?
        let bio: String?
        let location: String?
        let totalLikes: Int?
        let totalPhotos: Int?
        let totalCollections: Int?
        let instagramUsername: String?
        let twitterUsername: String?
        let profileImage: RemoteProfileImage?
        let links: [String: String]?

        enum CodingKeys: String, CodingKey {
            case id, username, name, bio, location, links
            case portfolioURL = "portfolio_url"
            case totalLikes = "total_likes"
            case totalPhotos = "total_photos"
            case totalCollections = "total_collections"
            case instagramUsername = "instagram_username"
            case twitterUsername = "twitter_username"
            case profileImage = "profile_image"
        }

        func model(at path: String) throws -> Photo.User {
            var pages: [String: URL] = [:]
            for (name, address) in links ?? [:] {
                pages[name] = try PayloadDecoding.webURL(address, at: "\(path).links.\(name)")
            }
            return Photo.User(
                id: id, username: username, name: name,
                portfolioURL: try PayloadDecoding.optionalWebURL(portfolioURL, at: "\(path).portfolio_url"),
                bio: bio, location: location, totalLikes: totalLikes, totalPhotos: totalPhotos,
                totalCollections: totalCollections, instagramUsername: instagramUsername,
                twitterUsername: twitterUsername,
                profileImage: try profileImage?.model(at: "\(path).profile_image"),
                links: pages
            )
        }
    }

    private struct RemoteProfileImage: Decodable {
        let small: String
        let medium: String
        let large: String

        func model(at path: String) throws -> Photo.ProfileImage {
            Photo.ProfileImage(
                small: try PayloadDecoding.webURL(small, at: "\(path).small"),
                medium: try PayloadDecoding.webURL(medium, at: "\(path).medium"),
                large: try PayloadDecoding.webURL(large, at: "\(path).large")
            )
        }
    }

    private struct RemoteURLs: Decodable {
        let raw: String
        let full: String
        let regular: String
        let small: String
        let thumb: String

        func model(at path: String) throws -> Photo.URLs {
            Photo.URLs(
                raw: try PayloadDecoding.webURL(raw, at: "\(path).raw"),
                full: try PayloadDecoding.webURL(full, at: "\(path).full"),
                regular: try PayloadDecoding.webURL(regular, at: "\(path).regular"),
                small: try PayloadDecoding.webURL(small, at: "\(path).small"),
                thumb: try PayloadDecoding.webURL(thumb, at: "\(path).thumb")
            )
        }
    }

    private struct RemoteLinks: Decodable {
        let api: String
        let html: String
        let download: String
        let downloadLocation: String

        enum CodingKeys: String, CodingKey {
            case html, download
            case api = "self"
            case downloadLocation = "download_location"
        }

        func model(at path: String) throws -> Photo.Links {
            Photo.Links(
                api: try PayloadDecoding.webURL(api, at: "\(path).self"),
                html: try PayloadDecoding.webURL(html, at: "\(path).html"),
                download: try PayloadDecoding.webURL(download, at: "\(path).download"),
                downloadLocation: try PayloadDecoding.webURL(downloadLocation, at: "\(path).download_location")
            )
        }
    }

    private struct RemoteLocation: Decodable {
        let name: String?
        let city: String?
        let country: String?
        let position: RemotePosition?

        var converted: Photo.Location {
            Photo.Location(
                name: name, city: city, country: country,
                position: position.map { Photo.Position(latitude: $0.latitude, longitude: $0.longitude) })
        }
    }

    private struct RemotePosition: Decodable {
        let latitude: Double?
        let longitude: Double?
    }

    private struct RemoteExif: Decodable {
        let make: String?
        let model: String?
        let exposureTime: String?
        let aperture: String?
        let focalLength: String?
        let iso: Int?

        enum CodingKeys: String, CodingKey {
            case make, model, aperture, iso
            case exposureTime = "exposure_time"
            case focalLength = "focal_length"
        }

        var converted: Photo.Exif {
            Photo.Exif(
                make: make, model: model, exposureTime: exposureTime, aperture: aperture,
                focalLength: focalLength, iso: iso)
        }
    }

    private struct RemoteTag: Decodable {
        let title: String
    }
}
