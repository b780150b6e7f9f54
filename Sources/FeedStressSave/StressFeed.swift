import Feed
import Foundation

/// The feeds `feed-stress-save` writes.
enum StressFeed {
    /// How many images save `index` has: between 1 and 40, varying from save to save so a mix shows.
    static func count(seed: UInt64, index: Int) -> Int {
        1 + Int((seed &+ UInt64(index) &* 7) % 40)
    }

    /// Save `index` of `seed`: every image names its save and its position.
    static func feed(seed: UInt64, index: Int) -> [LocalFeedImage] {
        let count = count(seed: seed, index: index)
        return (0..<count).map { position in
            LocalFeedImage(
                id: "stress-\(seed)-\(index)-\(position)",
                description: "save \(index) of seed \(seed), image \(position + 1) of \(count)",
                location: position.isMultiple(of: 3) ? nil : "row \(position)",
                url: base.appendingPathComponent("\(seed)/\(index)/\(position).jpg"),
                photographer: nil)
        }
    }

    private static let base = URL(string: "https://stress.feed-specs.example/") ?? URL(fileURLWithPath: "/")

    /// When save `index` of `seed` is stamped: distinct for every save.
    static func timestamp(seed: UInt64, index: Int) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(seed % 1_000) * 1_000_000 + Double(index))
    }
}
