import Foundation
import Messages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes appended once and read back by position, so that a report of a large run holds what it has already
/// rendered (or what the stream said long ago) on disk rather than in memory.
///
/// The bytes stay in memory up to `memoryBudget`; past it they move to a temporary file that is unlinked as soon as
/// it is made (nothing is left behind, even if the process is killed), written through a buffer and read back with
/// `pread`, so they cost the process no resident memory.
final class SpoolFile {
    /// What the spool holds, for error messages (`the HTML report's scenarios`).
    let purpose: String
    private let memoryBudget: Int
    private var memory: [UInt8] = []
    private var descriptor: Int32 = -1
    /// Bytes appended to the file but not written yet.
    private var pending: [UInt8] = []
    private var written = 0
    /// The number of bytes appended.
    private(set) var count = 0
    /// The first error met writing or reading the temporary file; every later call does nothing.
    private(set) var error: ReportError?

    init(purpose: String, memoryBudget: Int = 256 << 10) {
        self.purpose = purpose
        self.memoryBudget = memoryBudget
    }

    deinit {
        if descriptor >= 0 { _ = close(descriptor) }
    }

    /// Whether the bytes moved to a temporary file.
    var isOnDisk: Bool { descriptor >= 0 }

    /// Appends `bytes` and returns their offset.
    @discardableResult
    func append(_ bytes: UnsafeRawBufferPointer) -> Int {
        let offset = count
        count += bytes.count
        guard error == nil else { return offset }
        if descriptor < 0 {
            if memory.count + bytes.count <= memoryBudget {
                memory.append(contentsOf: bytes)
                return offset
            }
            guard moveToDisk() else { return offset }
        }
        pending.append(contentsOf: bytes)
        if pending.count >= 1 << 16 { flush() }
        return offset
    }

    /// Appends `bytes` and returns their offset.
    @discardableResult
    func append(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Reads `length` bytes at `offset` into `buffer` (replacing its contents).
    func read(offset: Int, length: Int, into buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        guard length > 0, offset >= 0, offset + length <= count, error == nil else { return }
        if descriptor < 0 {
            buffer.append(contentsOf: memory[offset..<offset + length])
            return
        }
        if offset + length > written { flush() }
        buffer.append(contentsOf: repeatElement(0, count: length))
        let failure = buffer.withUnsafeMutableBytes { target in
            UnlinkedFile.read(into: target, from: descriptor, at: offset)
        }
        if let failure { fail(failure) }
    }

    /// Copies the bytes from `start` to `end` to `output`, in large chunks.
    func copy(from start: Int = 0, to end: Int? = nil, into output: any ReportOutput) throws(ReportError) {
        let end = min(end ?? count, count)
        var position = start
        var chunk: [UInt8] = []
        while position < end {
            let length = min(1 << 20, end - position)
            read(offset: position, length: length, into: &chunk)
            if let error { throw error }
            try output.write(chunk)
            position += length
        }
        if let error { throw error }
    }

    /// Writes the buffered bytes to the temporary file.
    func flush() {
        guard descriptor >= 0, !pending.isEmpty, error == nil else { return }
        if let failure = pending.withUnsafeBytes({ UnlinkedFile.write($0, to: descriptor, at: written) }) {
            fail(failure)
            return
        }
        written += pending.count
        pending.removeAll(keepingCapacity: true)
    }

    private func moveToDisk() -> Bool {
        switch UnlinkedFile.make(prefix: "feed-specs-report") {
        case .failure(let failure):
            fail(failure)
            return false
        case .success(let made):
            descriptor = made
        }
        pending = memory
        memory = []
        flush()
        return error == nil
    }

    private func fail(_ failure: UnlinkedFileError) {
        guard error == nil else { return }
        error = .cannotWrite(destination: "the temporary file of \(purpose)", reason: failure.description)
    }
}
