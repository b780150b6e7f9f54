import SpecKit

/// The steps of every test case a run emitted, for a crash to name those of the test case it ended: each test
/// case's ids are drawn in a row (its own, then one per step), so a test case is kept as the position of its id and
/// its number of steps, 12 bytes (a run of 850,000 scenarios keeps 10 MB).
struct TestCaseSteps: Sendable {
    /// The position of each test case's id, in the order emitted (ascending).
    private var positions: [Int] = []
    private var counts: [UInt32] = []
    /// Where each test case is, by id, when ids are not their position's number (UUIDs).
    private var byId: [String: Int] = [:]

    /// Keeps the test case `id`, drawn at `position`, with `count` steps.
    mutating func add(id: String, position: Int, count: Int) {
        if Int(id) != position { byId[id] = positions.count }
        positions.append(position)
        counts.append(UInt32(clamping: count))
    }

    /// The ids of the steps of the test case `id` (none when it was not emitted), drawn again from `ids`.
    func stepIds(of id: String, ids: IdSource) -> [String] {
        guard let index = index(of: id), counts[index] > 0 else { return [] }
        var cursor = ids.cursor(at: positions[index] + 1)
        return (0..<Int(counts[index])).map { _ in cursor.next() }
    }

    private func index(of id: String) -> Int? {
        if let index = byId[id] { return index }
        guard let position = Int(id) else { return nil }
        var (low, high) = (0, positions.count)
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low < positions.count && positions[low] == position ? low : nil
    }
}
