import Feed
import FeedTestSupport
import Foundation
import Testing

/// The mappers are pure functions a fuzzer will call with arbitrary bytes: they must return or throw
/// `FeedPayloadError`, never crash or throw anything else.
@Suite("Mapper robustness")
struct MapperRobustnessTests {
    private static let seeds: [Data] = [
        itemsJSON([
            feedItemJSON(
                id: "0E4D2C8A-6B1F-4A3E-9C5D-7F2B8A1E3D10", description: "d", location: "l",
                image: "https://i.test.example/a.jpg")
        ]),
        json([photoJSON(id: "mangled")]),
    ]

    /// `data` with a few bytes replaced, inserted or removed, chosen by `generator`.
    private static func mangle(_ data: Data, using generator: inout SeededGenerator) -> Data {
        var bytes = [UInt8](data)
        for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
            case 1: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
            default: bytes.remove(at: index)
            }
        }
        return Data(bytes)
    }

    @Test func `mangled payloads deliver images or a payload error, never anything else`() {
        var generator = SeededGenerator(seed: 7)
        var outcomes = (mapped: 0, rejected: 0)
        for round in 0..<3000 {
            let data = Self.mangle(Self.seeds[round % Self.seeds.count], using: &generator)
            for contract in FeedContract.allCases {
                do {
                    _ = try contract.map(data, from: httpResponse(200))
                    outcomes.mapped += 1
                } catch is FeedPayloadError {
                    outcomes.rejected += 1
                } catch {
                    Issue.record("round \(round), \(contract): unexpected error \(error)")
                }
            }
        }
        #expect(outcomes.mapped + outcomes.rejected == 6000)
        #expect(outcomes.mapped > 0)
        #expect(outcomes.rejected > 0)
    }

    @Test(arguments: [
        Data(), Data([0xFF, 0xFE, 0x00]), Data(String(repeating: "[", count: 10_000).utf8),
        Data(
            #"{"items": [{"id": "\#(UUID().uuidString)", "image": "https://a.example/\#(String(repeating: "x", count: 100_000))"}]}"#
                .utf8),
        Data(#"[{"width": 1e400}]"#.utf8),
    ])
    func `hostile payloads are rejected or mapped without crashing`(data: Data) {
        for contract in FeedContract.allCases {
            do {
                _ = try contract.map(data, from: httpResponse(200))
            } catch {
                #expect(error is FeedPayloadError)
            }
        }
    }
}
