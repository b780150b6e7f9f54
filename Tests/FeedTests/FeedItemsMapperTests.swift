import Feed
import FeedTestSupport
import Foundation
import Testing

@Suite("Image-feed payload mapper")
struct FeedItemsMapperTests {
    @Test(arguments: [199, 201, 300, 400, 500])
    func `map throws on a status other than 200`(status: Int) {
        let valid = itemsJSON([feedItemJSON(id: UUID().uuidString, image: "https://images.test.example/1.jpg")])

        #expect(throws: FeedPayloadError.self) {
            try FeedItemsMapper.map(valid, from: httpResponse(status))
        }
    }

    @Test(arguments: [
        "invalid json", "<html><body>Bad Gateway</body></html>", "", "{}", "[]", #"{"items": {}}"#,
        #"{"items": null}"#, #"{"items": [42]}"#,
    ])
    func `map throws on a 200 response whose body is not an image feed`(body: String) {
        #expect(throws: FeedPayloadError.self) {
            try FeedItemsMapper.map(Data(body.utf8), from: httpResponse(200))
        }
    }

    @Test func `map delivers no images on an empty list`() throws {
        let images = try FeedItemsMapper.map(itemsJSON([]), from: httpResponse(200))

        #expect(images.isEmpty)
    }

    @Test func `map keeps every field and leaves missing optional fields empty`() throws {
        let id = UUID()
        let data = itemsJSON([
            feedItemJSON(
                id: id.uuidString, description: "a kite", location: "a beach",
                image: "https://images.test.example/k.jpg"),
            feedItemJSON(id: id.uuidString, image: "https://images.test.example/k.jpg"),
        ])

        let images = try FeedItemsMapper.map(data, from: httpResponse(200))

        let url = URL(string: "https://images.test.example/k.jpg")!
        #expect(
            images == [
                FeedImage(id: id, description: "a kite", location: "a beach", url: url),
                FeedImage(id: id, description: nil, location: nil, url: url),
            ])
    }

    @Test func `map accepts null for the optional fields`() throws {
        let data = Data(
            #"{"items":[{"id":"\#(UUID().uuidString)","description":null,"location":null,"image":"https://i.test.example/a.png"}]}"#
                .utf8)

        let images = try FeedItemsMapper.map(data, from: httpResponse(200))

        #expect(images.first?.description == nil)
        #expect(images.first?.location == nil)
    }

    @Test func `map ignores fields it does not know`() throws {
        var item = feedItemJSON(id: UUID().uuidString, image: "https://images.test.example/a.jpg")
        item["likes"] = 12
        let images = try FeedItemsMapper.map(json(["items": [item], "next": "cursor"]), from: httpResponse(200))

        #expect(images.count == 1)
    }

    @Test func `map stores identifiers as canonical upper-case UUIDs`() throws {
        let data = itemsJSON([
            feedItemJSON(id: "0e4d2c8a-6b1f-4a3e-9c5d-7f2b8a1e3d10", image: "https://images.test.example/a.jpg")
        ])

        let images = try FeedItemsMapper.map(data, from: httpResponse(200))

        #expect(images.map(\.id) == ["0E4D2C8A-6B1F-4A3E-9C5D-7F2B8A1E3D10"])
    }

    @Test(arguments: ["id", "image"])
    func `map throws when an image misses a required field`(field: String) {
        var item = feedItemJSON(id: UUID().uuidString, image: "https://images.test.example/a.jpg")
        item[field] = nil

        #expect(throws: FeedPayloadError.self) {
            try FeedItemsMapper.map(itemsJSON([item]), from: httpResponse(200))
        }
    }

    @Test(arguments: ["image-one", "", "1234", "0E4D2C8A-6B1F-4A3E-9C5D"])
    func `map throws when an identifier is not a UUID`(id: String) {
        let data = itemsJSON([feedItemJSON(id: id, image: "https://images.test.example/a.jpg")])

        #expect(throws: FeedPayloadError.self) {
            try FeedItemsMapper.map(data, from: httpResponse(200))
        }
    }

    @Test(arguments: [
        "not a url", "", "/relative/path.jpg", "ftp://files.test.example/a.jpg", "https://[broken/a.jpg", "https://",
    ])
    func `map throws when an image address is not an http or https URL`(address: String) {
        let data = itemsJSON([feedItemJSON(id: UUID().uuidString, image: address)])

        #expect(throws: FeedPayloadError.self) {
            try FeedItemsMapper.map(data, from: httpResponse(200))
        }
    }

    @Test func `map throws when a field has the wrong type`() {
        let data = Data(
            #"{"items":[{"id":"\#(UUID().uuidString)","description":7,"image":"https://i.test.example/a"}]}"#.utf8)

        #expect(throws: FeedPayloadError.self) {
            try FeedItemsMapper.map(data, from: httpResponse(200))
        }
    }

    @Test func `map error names the offending field`() {
        let data = itemsJSON([
            feedItemJSON(id: UUID().uuidString, image: "https://images.test.example/a.jpg"),
            ["id": UUID().uuidString, "description": "no address"],
        ])

        #expect {
            try FeedItemsMapper.map(data, from: httpResponse(200))
        } throws: { error in
            (error as? FeedPayloadError)?.reason == "items[1].image: the field is missing"
        }
    }

    @Test func `map error names the unexpected status`() {
        #expect {
            try FeedItemsMapper.map(itemsJSON([]), from: httpResponse(404))
        } throws: { error in
            (error as? FeedPayloadError)?.reason == "the server answered with status 404, not 200"
        }
    }
}
