import Feed
import FeedTestSupport
import Foundation
import Testing

@Suite("Photo-list payload mapper")
struct PhotosMapperTests {
    @Test(arguments: [199, 201, 300, 400, 500])
    func `map throws on a status other than 200`(status: Int) {
        #expect(throws: FeedPayloadError.self) {
            try PhotosMapper.map(json([photoJSON(id: "a")]), from: httpResponse(status))
        }
    }

    @Test(arguments: ["invalid json", "{}", #"{"items": []}"#, "[42]", "null"])
    func `map throws on a 200 response whose body is not a photo list`(body: String) {
        #expect(throws: FeedPayloadError.self) {
            try PhotosMapper.map(Data(body.utf8), from: httpResponse(200))
        }
    }

    @Test func `map delivers no photos on an empty list`() throws {
        #expect(try PhotosMapper.map(Data("[]".utf8), from: httpResponse(200)).isEmpty)
    }

    @Test func `map keeps every detail of a photo`() throws {
        let photos = try PhotosMapper.map(json([photoJSON(id: "qX1")]), from: httpResponse(200))

        let photo = try #require(photos.first)
        #expect(photo.id == "qX1")
        #expect(photo.createdAt == Date(timeIntervalSince1970: 1_709_245_800))
        #expect(photo.updatedAt == Date(timeIntervalSince1970: 1_709_280_000))
        #expect(photo.width == 4000)
        #expect(photo.height == 3000)
        #expect(photo.color == "#A1B2C3")
        #expect(photo.likes == 17)
        #expect(photo.likedByUser)
        #expect(photo.downloads == 250)
        #expect(photo.description == "Photo qX1")
        #expect(photo.user.id == "user-qX1")
        #expect(photo.user.username == "photographer-qX1")
        #expect(photo.user.name == "Photographer qX1")
        #expect(photo.user.portfolioURL == URL(string: "https://portfolio.test.example/qX1"))
        #expect(photo.user.bio == "Takes photos")
        #expect(photo.user.location == "Lisbon")
        #expect(photo.user.totalLikes == 3)
        #expect(photo.user.totalPhotos == 40)
        #expect(photo.user.totalCollections == 2)
        #expect(photo.user.instagramUsername == "insta-qX1")
        #expect(photo.user.twitterUsername == nil)
        #expect(photo.user.profileImage?.large == URL(string: "https://avatars.test.example/qX1?s=128"))
        #expect(photo.user.links["html"] == URL(string: "https://photos.test.example/@qX1"))
        #expect(photo.urls.raw == URL(string: "https://cdn.test.example/qX1.jpg"))
        #expect(photo.urls.full == URL(string: "https://cdn.test.example/qX1.jpg?q=90"))
        #expect(photo.urls.regular == URL(string: "https://cdn.test.example/qX1.jpg?w=1080"))
        #expect(photo.urls.small == URL(string: "https://cdn.test.example/qX1.jpg?w=400"))
        #expect(photo.urls.thumb == URL(string: "https://cdn.test.example/qX1.jpg?w=200"))
        #expect(photo.links.api == URL(string: "https://api.test.example/photos/qX1"))
        #expect(photo.links.html == URL(string: "https://photos.test.example/p/qX1"))
        #expect(photo.links.download == URL(string: "https://photos.test.example/p/qX1/download"))
        #expect(photo.links.downloadLocation == URL(string: "https://api.test.example/photos/qX1/download"))
        #expect(
            photo.location
                == Photo.Location(
                    city: "Porto", country: "Portugal", position: Photo.Position(latitude: 41.1579, longitude: -8.6291))
        )
        #expect(
            photo.exif
                == Photo.Exif(
                    make: "Canon", model: "EOS R6", exposureTime: "1/125", aperture: "4.0", focalLength: "35.0",
                    iso: 400))
        #expect(photo.tags == [Photo.Tag(title: "river"), Photo.Tag(title: "bridge")])
    }

    @Test(arguments: [
        "description", "downloads", "location", "exif", "tags", "user.portfolio_url", "user.bio", "user.location",
        "user.total_likes", "user.profile_image", "user.links", "location.city", "location.position", "exif.iso",
        "current_user_collections",
    ])
    func `map accepts a photo without an optional detail`(field: String) throws {
        let photos = try PhotosMapper.map(
            json([setting(field, to: nil, in: photoJSON(id: "a"))]), from: httpResponse(200))

        #expect(photos.count == 1)
    }

    @Test(arguments: ["description", "downloads", "location", "exif", "tags", "user.portfolio_url", "user.bio"])
    func `map accepts null for an optional detail`(field: String) throws {
        let photos = try PhotosMapper.map(
            json([setting(field, to: NSNull(), in: photoJSON(id: "a"))]), from: httpResponse(200))

        #expect(photos.count == 1)
    }

    @Test(arguments: [
        "id", "created_at", "updated_at", "width", "height", "color", "likes", "liked_by_user", "user", "urls", "links",
        "user.id", "user.username", "user.name", "urls.raw", "urls.full", "urls.regular", "urls.small", "urls.thumb",
        "links.self", "links.html", "links.download", "links.download_location", "user.profile_image.small",
    ])
    func `map throws when a photo misses a required field`(field: String) {
        let data = json([photoJSON(id: "a"), setting(field, to: nil, in: photoJSON(id: "b"))])

        #expect(throws: FeedPayloadError.self) {
            try PhotosMapper.map(data, from: httpResponse(200))
        }
    }

    @Test(arguments: [
        "urls.raw", "urls.regular", "urls.thumb", "links.self", "links.download_location", "user.portfolio_url",
        "user.profile_image.medium", "user.links.html",
    ])
    func `map throws when an address is not an http or https URL`(field: String) {
        let data = json([setting(field, to: "https://[broken/photo.jpg", in: photoJSON(id: "a"))])

        #expect(throws: FeedPayloadError.self) {
            try PhotosMapper.map(data, from: httpResponse(200))
        }
    }

    @Test(arguments: ["created_at", "updated_at"], ["yesterday", "2024-02-30", "", "2024-13-01T00:00:00Z"])
    func `map throws when a date is not ISO 8601`(field: String, value: String) {
        let data = json([setting(field, to: value, in: photoJSON(id: "a"))])

        #expect(throws: FeedPayloadError.self) {
            try PhotosMapper.map(data, from: httpResponse(200))
        }
    }

    @Test(arguments: [
        "2024-03-01T08:00:00Z", "2024-03-01T09:00:00+01:00", "2024-03-01T03:00:00-05:00", "2024-03-01T08:00:00.000Z",
    ])
    func `map reads dates with any time zone offset`(value: String) throws {
        let photos = try PhotosMapper.map(
            json([setting("updated_at", to: value, in: photoJSON(id: "a"))]), from: httpResponse(200))

        #expect(photos.first?.updatedAt == Date(timeIntervalSince1970: 1_709_280_000))
    }

    @Test(arguments: ["width", "likes", "liked_by_user", "color"])
    func `map throws when a field has the wrong type`(field: String) {
        let data = json([setting(field, to: [1, 2], in: photoJSON(id: "a"))])

        #expect(throws: FeedPayloadError.self) {
            try PhotosMapper.map(data, from: httpResponse(200))
        }
    }

    @Test func `map error names the offending photo and field`() {
        let data = json([photoJSON(id: "a"), setting("urls.regular", to: "not a url", in: photoJSON(id: "b"))])

        #expect {
            try PhotosMapper.map(data, from: httpResponse(200))
        } throws: { error in
            (error as? FeedPayloadError)?.reason == "[1].urls.regular: \"not a url\" is not an http or https address"
        }
    }
}
