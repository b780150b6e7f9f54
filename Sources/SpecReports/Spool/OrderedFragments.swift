/// Pieces of a report made in any order (test cases finish in the order they run, on several workers) but written
/// in the order of their keys (the order the test cases first started): each piece is handed on once every piece
/// with a smaller key has been.
///
/// Pieces that arrive before their turn wait in memory up to `memoryBudget` bytes, then in a temporary file, so a
/// scenario that runs for minutes while thousands of others finish costs no memory.
final class OrderedFragments {
    private enum Parked {
        case memory([UInt8])
        case spooled(offset: Int, length: Int)
    }

    /// The key of the next piece to hand on.
    private(set) var nextKey = 0
    private var parked: [Int: Parked] = [:]
    private var parkedBytes = 0
    private let memoryBudget: Int
    private let overflow: SpoolFile
    private var scratch: [UInt8] = []

    init(purpose: String, memoryBudget: Int = 256 << 10) {
        self.memoryBudget = memoryBudget
        overflow = SpoolFile(purpose: purpose, memoryBudget: 0)
    }

    /// The first error met parking pieces on disk.
    var error: ReportError? { overflow.error }

    /// Adds the piece of `key` (each key once; an empty piece when the key has nothing to show) and hands on every
    /// piece whose turn has come, in key order.
    func add(_ key: Int, _ piece: [UInt8], to emit: (Int, [UInt8]) throws(ReportError) -> Void) throws(ReportError) {
        guard key >= nextKey else { return }
        guard key == nextKey else {
            if parkedBytes + piece.count <= memoryBudget {
                parked[key] = .memory(piece)
                parkedBytes += piece.count
            } else {
                parked[key] = .spooled(offset: overflow.append(piece), length: piece.count)
            }
            return
        }
        try emit(key, piece)
        nextKey += 1
        try handOnParked(to: emit)
    }

    /// Hands on the pieces of every key from the next one to `end` (exclusive), making those that never came with
    /// `make` (nil: the key has nothing to show).
    func finish(
        upTo end: Int, making make: (Int) -> [UInt8]?, to emit: (Int, [UInt8]) throws(ReportError) -> Void
    ) throws(ReportError) {
        while nextKey < end || !parked.isEmpty {
            if try !handOnParked(to: emit) {
                if nextKey >= end, let first = parked.keys.min() {
                    // Keys past `end` (more pieces than test cases) keep their order.
                    nextKey = first
                    continue
                }
                try emit(nextKey, make(nextKey) ?? [])
                nextKey += 1
            }
        }
        if let error { throw error }
    }

    /// Hands on parked pieces while the next one is parked; whether any was.
    @discardableResult
    private func handOnParked(to emit: (Int, [UInt8]) throws(ReportError) -> Void) throws(ReportError) -> Bool {
        var any = false
        while let waiting = parked.removeValue(forKey: nextKey) {
            any = true
            switch waiting {
            case .memory(let piece):
                parkedBytes -= piece.count
                try emit(nextKey, piece)
            case .spooled(let offset, let length):
                overflow.read(offset: offset, length: length, into: &scratch)
                if let error = overflow.error { throw error }
                try emit(nextKey, scratch)
            }
            nextKey += 1
        }
        return any
    }
}
