/// A set of small non-negative integers (positions in a stream), one bit each.
struct BitSet {
    private var words: [UInt64] = []

    func contains(_ value: Int) -> Bool {
        let word = value >> 6
        return value >= 0 && word < words.count && words[word] & (1 << UInt64(value & 63)) != 0
    }

    /// Adds `value`; whether it was not there yet.
    @discardableResult
    mutating func insert(_ value: Int) -> Bool {
        guard value >= 0, !contains(value) else { return false }
        let word = value >> 6
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word - words.count + 1)) }
        words[word] |= 1 << UInt64(value & 63)
        return true
    }
}
