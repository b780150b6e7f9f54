/// The edit distance between a text of at most 64 scalars and other plain texts, 64 cells at a time (Myers' bit
/// vectors, in Hyyrö's form): what the automaton computes for a pattern without parameters, as fast as one pass
/// over the other text. Scalars are compared without case.
struct BitParallelDistance {
    private let length: Int
    private var asciiMasks = [UInt64](repeating: 0, count: 128)
    private var otherMasks: [UInt32: UInt64] = [:]

    /// Nil when `text` is empty or longer than 64 scalars.
    init?(_ text: PreparedText) {
        guard !text.folded.isEmpty, text.folded.count <= 64 else { return nil }
        length = text.folded.count
        for (index, scalar) in text.folded.enumerated() {
            if scalar < 128 {
                asciiMasks[Int(scalar)] |= 1 << UInt64(index)
            } else {
                otherMasks[scalar, default: 0] |= 1 << UInt64(index)
            }
        }
    }

    /// The distance to `other` (folded scalars).
    func distance(to other: [UInt32]) -> Int {
        let top: UInt64 = 1 << UInt64(length - 1)
        var positive: UInt64 = length == 64 ? .max : (1 << UInt64(length)) - 1
        var negative: UInt64 = 0
        var score = length
        for scalar in other {
            let equal = scalar < 128 ? asciiMasks[Int(scalar)] : otherMasks[scalar] ?? 0
            let vertical = equal | negative
            let horizontal = (((equal & positive) &+ positive) ^ positive) | equal
            var horizontalPositive = negative | ~(horizontal | positive)
            var horizontalNegative = positive & horizontal
            if horizontalPositive & top != 0 {
                score += 1
            } else if horizontalNegative & top != 0 {
                score -= 1
            }
            horizontalPositive = (horizontalPositive << 1) | 1
            horizontalNegative <<= 1
            positive = horizontalNegative | ~(vertical | horizontalPositive)
            negative = horizontalPositive & vertical
        }
        return score
    }
}
