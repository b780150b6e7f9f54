import Foundation
import Messages

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A runner process's stream, read from its pipe by a thread of its own as soon as it comes, and kept until the
/// relay thread takes it: in memory up to `memoryLimit` bytes, beyond that in an unlinked temporary file of at most
/// `fileLimit` bytes (beyond both, or when the file cannot be written, the runner process waits for the
/// command, as it did when the pipe was the only room).
///
/// The command emits every `testCase` of the run before it relays the first result, which takes a while in a large
/// run (the files beyond the kept pickles are parsed again). Meanwhile the runner process already runs, and its
/// stream waits here instead of filling the pipe and stopping it: the two processes work at once, each on a core.
final class StreamBacklog: @unchecked Sendable {
    // @unchecked: every stored property but the limits, `direct` and `directBuffer` is only touched with `condition`
    // locked; the file is written by the reading thread alone, read only where the pieces listed say, and closed once
    // both sides are done. Without reading ahead there is no other thread: `directBuffer` is the caller's.

    /// Where a piece of the stream waits.
    private enum Piece {
        case memory([UInt8])
        case file(offset: Int, count: Int)
    }

    /// How the pipe's reading ended.
    private enum End {
        case reading
        /// At the end of the stream, or with why it could not be read.
        case ended(failure: String?)
    }

    private let condition = NSCondition()
    private var pieces: [Piece] = []
    private var head = 0
    private var memoryBytes = 0
    /// The bytes of the file still to be taken, and where the next piece goes.
    private var fileBytes = 0
    private var fileEnd = 0
    private var end = End.reading
    private var isAbandoned = false
    private var readerIsDone = false
    private var takerIsDone = false
    /// The temporary file, made when the stream first outgrows the memory (nil: not needed yet, or not possible).
    private var file: Int32?
    private var fileUnavailable = false
    /// The largest the file grew.
    private var mostInFile = 0
    private let memoryLimit: Int
    private let fileLimit: Int

    /// Without reading ahead: the descriptor `next()` reads on its caller's thread.
    private let direct: Int32?
    private var directBuffer: [UInt8] = []

    /// Makes the file (an unlinked temporary file; another for the tests), nil when it cannot.
    private let makeFile: @Sendable () -> Int32?

    /// Reads `descriptor` (closed here once read to its end): `ahead`, on a thread of its own as the stream comes;
    /// else only when `next()` is called, on its caller's thread, the runner process waiting once its pipe is full.
    init(
        reading descriptor: Int32, ahead: Bool, memoryLimit: Int = 1 << 20, fileLimit: Int = 512 << 20,
        makeFile: @escaping @Sendable () -> Int32? = { try? UnlinkedFile.make(prefix: "feed-specs-stream").get() }
    ) {
        self.memoryLimit = max(memoryLimit, 1)
        self.fileLimit = max(fileLimit, 0)
        self.makeFile = makeFile
        guard ahead else {
            direct = descriptor
            directBuffer = [UInt8](repeating: 0, count: Self.readSize)
            return
        }
        direct = nil
        let thread = Thread { [self] in readToEnd(descriptor) }
        thread.name = "spec-runner-pipe"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// The most read from the pipe at once.
    private static let readSize = 1 << 16

    /// The next piece of the stream, in order, waiting for it; nil at its end (then `failure` says why the pipe could
    /// not be read, if it could not).
    func next() -> [UInt8]? {
        if let direct {
            switch Self.readPiece(direct, into: &directBuffer) {
            case .success(let count) where count > 0: return Array(directBuffer[0..<count])
            case .success: return nil
            case .failure(let failure):
                condition.lock()
                end = .ended(failure: failure.reason)
                condition.unlock()
                return nil
            }
        }
        condition.lock()
        while head == pieces.count, case .reading = end { condition.wait() }
        guard head < pieces.count else {
            condition.unlock()
            return nil
        }
        let piece = pieces[head]
        pieces[head] = .memory([])
        head += 1
        if head == pieces.count {
            pieces.removeAll(keepingCapacity: true)
            head = 0
        }
        let descriptor = file
        condition.unlock()
        var bytes: [UInt8]
        var failure: UnlinkedFileError?
        switch piece {
        case .memory(let taken):
            bytes = taken
        case .file(let offset, let count):
            bytes = [UInt8](repeating: 0, count: count)
            failure = bytes.withUnsafeMutableBytes { buffer in
                descriptor.flatMap { UnlinkedFile.read(into: buffer, from: $0, at: offset) }
            }
        }
        condition.lock()
        defer { condition.unlock() }
        switch piece {
        case .memory(let taken): memoryBytes -= taken.count
        case .file(_, let count): fileBytes -= count
        }
        condition.broadcast()
        if let failure {
            // What follows cannot be read in order: the stream ends here, unreadable.
            end = .ended(failure: "the runner's stream could not be kept: \(failure)")
            isAbandoned = true
            pieces.removeAll()
            head = 0
            return nil
        }
        return bytes
    }

    /// Why the pipe could not be read, if it could not (known once `next()` returned nil).
    var failure: String? {
        condition.lock()
        defer { condition.unlock() }
        if case .ended(let failure) = end { return failure }
        return nil
    }

    /// The bytes waiting in memory and in the file now, and the largest the file grew.
    var kept: (memory: Int, file: Int, mostInFile: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (memoryBytes, fileBytes, mostInFile)
    }

    /// Takes nothing more (at the end of the stream, or before it): what is still read from the pipe, until its end
    /// once the process is ended, is dropped.
    func stopTaking() {
        if let direct {
            close(direct)
            return
        }
        condition.lock()
        isAbandoned = true
        pieces.removeAll()
        head = 0
        memoryBytes = 0
        fileBytes = 0
        condition.broadcast()
        condition.unlock()
        finished(taker: true)
    }

    /// Marks one side done; the last one closes the file.
    private func finished(taker: Bool) {
        condition.lock()
        if taker { takerIsDone = true } else { readerIsDone = true }
        let unused = takerIsDone && readerIsDone ? file : nil
        if unused != nil { file = nil }
        condition.unlock()
        if let unused { close(unused) }
    }

    /// The reading thread: reads `descriptor` to its end, keeping each piece.
    private func readToEnd(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
        var failure: String?
        while true {
            switch Self.readPiece(descriptor, into: &buffer) {
            case .success(let count) where count > 0:
                keep(buffer[0..<count])
                continue
            case .success: break
            case .failure(let reading): failure = reading.reason
            }
            break
        }
        close(descriptor)
        condition.lock()
        if case .reading = end { end = .ended(failure: failure) }
        condition.broadcast()
        condition.unlock()
        finished(taker: false)
    }

    /// Keeps `bytes` after what waits: in memory while there is room, else in the file, else waits for room.
    private func keep(_ bytes: ArraySlice<UInt8>) {
        condition.lock()
        while true {
            if isAbandoned {
                condition.unlock()
                return
            }
            if memoryBytes == 0 || memoryBytes + bytes.count <= memoryLimit {
                memoryBytes += bytes.count
                pieces.append(.memory(Array(bytes)))
                condition.broadcast()
                condition.unlock()
                return
            }
            // Nothing of the file waits (and only this thread writes it): the next piece goes back to its start. The
            // file never grows past its limit.
            if fileBytes == 0 { fileEnd = 0 }
            if fileEnd + bytes.count <= fileLimit, let descriptor = fileDescriptor() {
                let offset = fileEnd
                fileEnd += bytes.count
                condition.unlock()
                // Only this thread writes, and nobody reads these bytes before they are listed below.
                let failure = bytes.withUnsafeBytes { UnlinkedFile.write($0, to: descriptor, at: offset) }
                condition.lock()
                if failure != nil {
                    // The folder is full, say: the memory is the only room from now on.
                    fileEnd = offset
                    fileUnavailable = true
                    continue
                }
                fileBytes += bytes.count
                mostInFile = max(mostInFile, fileEnd)
                pieces.append(.file(offset: offset, count: bytes.count))
                condition.broadcast()
                condition.unlock()
                return
            }
            // No room: the runner process waits for the command, its pipe filling.
            condition.wait()
        }
    }

    /// Why the pipe could not be read.
    private struct ReadFailure: Error {
        let reason: String
    }

    /// Reads what the pipe holds into `buffer`, waiting for something; 0 at its end.
    private static func readPiece(_ descriptor: Int32, into buffer: inout [UInt8]) -> Result<Int, ReadFailure> {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count >= 0 { return .success(count) }
            if errno == EINTR { continue }
            return .failure(
                ReadFailure(reason: "reading the runner's stream failed: \(String(cString: strerror(errno)))"))
        }
    }

    /// The temporary file, made the first time it is needed; nil when it cannot be made (the memory is then the only
    /// room). Called with `condition` locked.
    private func fileDescriptor() -> Int32? {
        if let file { return file }
        guard !fileUnavailable, fileLimit > 0 else { return nil }
        file = makeFile()
        fileUnavailable = file == nil
        return file
    }
}
