import Foundation
import Messages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a run's spec files as the first pass read them, so that later passes parse exactly the same text
/// (a file saved during a long run changes nothing in it) without the run holding every file in memory.
///
/// Files are kept in memory up to `memoryBudget` bytes in all; beyond it, in a temporary file that is unlinked
/// as soon as it is created, so it is gone when the run ends, even if the process is killed.
package final class SourceSnapshot: Sendable {
    /// Where one file's bytes are kept.
    package enum Slot: Sendable {
        case memory(Int)
        case disk(offset: Int64, count: Int)
    }

    private struct State {
        var memory: [Data] = []
        var memoryBytes = 0
        var fileDescriptor: Int32?
        var fileLength: Int64 = 0
    }

    /// The bytes kept in memory before the snapshot spills to disk.
    package let memoryBudget: Int
    private let state = Locked(State())

    /// Creates an empty snapshot keeping up to `memoryBudget` bytes in memory (8 MB by default).
    package init(memoryBudget: Int = 8 << 20) {
        self.memoryBudget = memoryBudget
    }

    deinit {
        if let descriptor = state.value.fileDescriptor { _ = close(descriptor) }
    }

    /// Keeps `data` (the bytes of the file at `path`) and returns where.
    ///
    /// - Throws: `SpecRunError` when the temporary file cannot be made or written, naming it.
    package func keep(_ data: Data, of path: String) throws(SpecRunError) -> Slot {
        let result: Result<Slot, SpecRunError> = state.withLock { state in
            if state.memoryBytes + data.count <= memoryBudget {
                state.memory.append(data)
                state.memoryBytes += data.count
                return .success(.memory(state.memory.count - 1))
            }
            do throws(SpecRunError) {
                let descriptor: Int32
                if let open = state.fileDescriptor {
                    descriptor = open
                } else {
                    descriptor = try Self.makeTemporaryFile()
                    state.fileDescriptor = descriptor
                }
                let offset = state.fileLength
                try Self.write(data, to: descriptor, at: offset, for: path)
                state.fileLength += Int64(data.count)
                return .success(.disk(offset: offset, count: data.count))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Lets go of the bytes kept in memory at `slot`, which will not be read again (they still count in the
    /// budget, so the snapshot never holds more than `memoryBudget` bytes in memory at once).
    package func forget(_ slot: Slot) {
        guard case .memory(let position) = slot else { return }
        state.withLock { $0.memory[position] = Data() }
    }

    /// The bytes kept at `slot`.
    ///
    /// - Throws: `SpecRunError` when the temporary file cannot be read back.
    package func bytes(at slot: Slot) throws(SpecRunError) -> Data {
        switch slot {
        case .memory(let position):
            return state.withLock { $0.memory[position] }
        case .disk(let offset, let count):
            guard let descriptor = state.value.fileDescriptor else {
                throw SpecRunError(kind: .unreadable, message: "the run's copy of the specs is missing")
            }
            var data = Data(count: count)
            let failure = data.withUnsafeMutableBytes { buffer in
                UnlinkedFile.read(into: buffer, from: descriptor, at: Int(offset))
            }
            if let failure {
                throw SpecRunError(kind: .unreadable, message: "the run's copy of the specs: \(failure)")
            }
            return data
        }
    }

    private static func makeTemporaryFile() throws(SpecRunError) -> Int32 {
        switch UnlinkedFile.make(prefix: "feed-specs-snapshot") {
        case .success(let descriptor):
            return descriptor
        case .failure(let failure):
            throw SpecRunError(
                kind: .unreadable, message: "\(failure.action) for the run's copy of the specs: \(failure.reason)")
        }
    }

    private static func write(
        _ data: Data, to descriptor: Int32, at offset: Int64, for path: String
    ) throws(SpecRunError) {
        if let failure = data.withUnsafeBytes({ UnlinkedFile.write($0, to: descriptor, at: Int(offset)) }) {
            throw SpecRunError(
                kind: .unreadable,
                message: "cannot keep a copy of \(path) for the run in a temporary file: \(failure.reason)")
        }
    }
}
