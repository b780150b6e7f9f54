import Foundation
import Messages
import SpecKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A runner process's stream, read from its pipe by a thread of its own as soon as it comes, and kept until the
/// relay thread takes it: up to `memoryPieces` reads in memory (a `Handover`), beyond that in an unlinked temporary
/// file of at most `fileLimit` bytes (by default `StreamBacklog.fileLimit`, after the space free). Past both, or when
/// the file cannot be written, the runner process waits for the command, as it did when the pipe was the only room.
///
/// The command emits every `testCase` of the run before it relays the first result, which takes a while in a large
/// run (the files beyond the kept pickles are parsed again). Meanwhile the runner process already runs, and its
/// stream waits here instead of filling the pipe and stopping it: the two processes work at once, each on a core.
///
/// The order holds because the reading thread alone adds: once the memory is full, what it reads goes to the file,
/// one piece after the other, until the relay thread has taken everything the memory held and then the file's
/// piece; only then does the memory take the next read again.
final class StreamBacklog: Sendable {
    /// What the file holds and who waits for it.
    private struct Spill {
        /// The file, once made; whether it could not be made or written.
        var descriptor: Int32?
        var unavailable = false
        /// The bytes written and not handed to the relay thread yet: the newest of the stream.
        var pending: (offset: Int, count: Int)?
        /// The bytes written and not read back yet, where the next bytes go, and the largest the file grew.
        var unread = 0
        var end = 0
        var largest = 0
        /// Whether the reading thread waits for the relay thread to take `pending` (the file is full).
        var readerWaits = false
        /// Whether the relay thread takes nothing more.
        var isAbandoned = false
        /// Why the stream could not be read or kept.
        var failure: String?
        /// Which sides are done with the file: the last one closes it.
        var readerIsDone = false
        var takerIsDone = false
    }

    /// What the relay thread alone uses: the part of the file it reads (where, and how much is left).
    private struct Taking {
        var offset = 0
        var left = 0
    }

    private let memory: Handover<[UInt8]>
    private let spill = Mutex(Spill())
    private let taking = Mutex(Taking())
    /// Signalled when the relay thread takes the file's pending bytes while the reading thread waits for it.
    private let spillTaken = DispatchSemaphore(value: 0)
    private let fileLimit: Int
    /// Makes the file (an unlinked temporary file; another for the tests), nil when it cannot.
    private let makeFile: @Sendable () -> Int32?
    /// Without reading ahead: the descriptor `next()` reads on its caller's thread.
    private let direct: Int32?

    /// The most read from the pipe at once, and the most read back from the file at once (the same: the relay thread
    /// hands what it decodes of each piece over as one batch, and 32 batches wait at most).
    private static let readSize = 1 << 16

    /// Reads `descriptor` (closed here once read to its end): `ahead`, on a thread of its own as the stream comes;
    /// else only when `next()` is called, on its caller's thread, the runner process waiting once its pipe is full.
    init(
        reading descriptor: Int32, ahead: Bool, memoryPieces: Int = 32, fileLimit: Int = StreamBacklog.fileLimit,
        makeFile: @escaping @Sendable () -> Int32? = { try? UnlinkedFile.make(prefix: "feed-specs-stream").get() }
    ) {
        memory = Handover(capacity: memoryPieces)
        self.fileLimit = max(fileLimit, 0)
        self.makeFile = makeFile
        guard ahead else {
            direct = descriptor
            return
        }
        direct = nil
        let thread = Thread { [self] in readToEnd(descriptor) }
        thread.name = "spec-runner-pipe"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// The most the file holds by default: a quarter of the space free where temporary files go, at most 4 GiB
    /// (a run of 850,000 scenarios keeps about 2 GiB there while the command emits its test cases); 512 MiB when
    /// that file system is in memory (`tmpfs`) or cannot be asked.
    static let fileLimit = fileLimit(forFolder: NSTemporaryDirectory())

    /// The limit of the file for the file system of `folder`.
    static func fileLimit(forFolder folder: String) -> Int {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return fileLimit(inMemory: nil, available: nil) }
        let (bytes, overflow) = UInt64(info.f_bavail).multipliedReportingOverflow(by: UInt64(info.f_frsize))
        let available = overflow ? Int.max : Int(clamping: bytes)
        #if os(Linux)
            let mounts = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8)
            let type = mounts.flatMap {
                fileSystemType(of: URL(fileURLWithPath: folder).resolvingSymlinksInPath().path, mountInfo: $0)
            }
            return fileLimit(inMemory: type.map { $0 == "tmpfs" || $0 == "ramfs" }, available: available)
        #else
            return fileLimit(inMemory: false, available: available)
        #endif
    }

    /// The type of the file system `path` (absolute, symbolic links resolved) is on, as `mountInfo` (the text of
    /// Linux's `/proc/self/mountinfo`) says: the one mounted at the longest folder above it; nil when none is.
    static func fileSystemType(of path: String, mountInfo: String) -> String? {
        var best: (depth: Int, type: String)?
        for line in mountInfo.split(separator: "\n") {
            // ID PARENT MAJOR:MINOR ROOT MOUNT-POINT OPTIONS [OPTIONAL...] - TYPE SOURCE SUPER-OPTIONS
            let fields = line.split(separator: " ")
            guard fields.count > 4, let dash = fields.firstIndex(of: "-"), dash + 1 < fields.count else { continue }
            let mountPoint = String(fields[4])
            let inside = mountPoint == "/" || path == mountPoint || path.hasPrefix(mountPoint + "/")
            guard inside, mountPoint.count >= best?.depth ?? 0 else { continue }
            best = (mountPoint.count, String(fields[dash + 1]))
        }
        return best?.type
    }

    /// The limit of the file on a file system in memory or not (nil: unknown) with `available` bytes free.
    static func fileLimit(inMemory: Bool?, available: Int?) -> Int {
        guard inMemory == false, let available else { return 512 << 20 }
        return min(4 << 30, max(available, 0) / 4)
    }

    // MARK: - The relay thread's side

    /// The next piece of the stream, in order, waiting for it; nil at its end (then `failure` says why the pipe could
    /// not be read, if it could not).
    func next() -> [UInt8]? {
        if let direct { return readDirectly(direct) }
        enum Step {
            case piece([UInt8])
            case file(offset: Int, count: Int, wakeReader: Bool)
            case wait
        }
        while true {
            if let bytes = readFile() { return bytes.isEmpty ? nil : bytes }
            // With the lock held the reading thread adds nothing: what the memory holds comes before what waits in
            // the file, which comes before anything the memory takes after it.
            let step = spill.withLock { state -> Step in
                if let piece = memory.take(waiting: false) { return .piece(piece) }
                guard let pending = state.pending else { return .wait }
                defer {
                    state.pending = nil
                    state.readerWaits = false
                }
                return .file(offset: pending.offset, count: pending.count, wakeReader: state.readerWaits)
            }
            switch step {
            case .piece(let piece):
                return piece
            case .file(let offset, let count, let wakeReader):
                taking.withLock {
                    $0.offset = offset
                    $0.left = count
                }
                if wakeReader { spillTaken.signal() }
            case .wait:
                // Nothing waits: the reading thread fills the memory before it puts anything in the file.
                if let piece = memory.take() { return piece }
                // The end, unless a last piece went to the file.
                if spill.withLock({ $0.pending == nil }) { return nil }
            }
        }
    }

    /// Why the pipe could not be read, or the stream kept, if it could not (known once `next()` returned nil).
    var failure: String? { spill.withLock { $0.failure } }

    /// The bytes waiting in the file now, and the largest it grew.
    var inFile: (unread: Int, largest: Int) { spill.withLock { ($0.unread, $0.largest) } }

    /// Takes nothing more (at the end of the stream, or before it): what is still read from the pipe, until its end
    /// once the process is ended, is dropped.
    func stopTaking() {
        if let direct {
            close(direct)
            return
        }
        let wakeReader = spill.withLock { state in
            state.isAbandoned = true
            defer { state.readerWaits = false }
            return state.readerWaits
        }
        if wakeReader { spillTaken.signal() }
        // Room for a reading thread waiting to put a piece: it finds the backlog abandoned next.
        _ = memory.takeAll(waiting: false)
        finished(taker: true)
    }

    /// Reads the pipe on this thread (nothing reads ahead), straight into the piece returned.
    private func readDirectly(_ descriptor: Int32) -> [UInt8]? {
        var failure: ReadFailure?
        let bytes = [UInt8](unsafeUninitializedCapacity: Self.readSize) { buffer, count in
            switch Self.readPiece(descriptor, into: UnsafeMutableRawBufferPointer(buffer)) {
            case .success(let read): count = read
            case .failure(let reading):
                failure = reading
                count = 0
            }
        }
        if let failure { spill.withLock { $0.failure = failure.reason } }
        return bytes.isEmpty ? nil : bytes
    }

    /// The next part of the file's piece being read: nil when none is left, empty when it cannot be read back (the
    /// stream ends there, unreadable).
    private func readFile() -> [UInt8]? {
        let (offset, count) = taking.withLock { ($0.offset, min($0.left, Self.readSize)) }
        guard count > 0, let descriptor = spill.withLock({ $0.descriptor }) else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let failure = bytes.withUnsafeMutableBytes { UnlinkedFile.read(into: $0, from: descriptor, at: offset) }
        taking.withLock {
            $0.offset += count
            $0.left -= count
        }
        let wakeReader = spill.withLock { state in
            state.unread -= count
            if let failure {
                state.failure = "the runner's stream could not be kept: \(failure)"
                state.isAbandoned = true
            }
            defer { if failure != nil { state.readerWaits = false } }
            return failure != nil && state.readerWaits
        }
        if wakeReader { spillTaken.signal() }
        if failure != nil {
            taking.withLock { $0.left = 0 }
            return []
        }
        return bytes
    }

    // MARK: - The reading thread's side

    /// Reads `descriptor` to its end, keeping each piece.
    private func readToEnd(_ descriptor: Int32) {
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
        var failure: String?
        reading: while true {
            switch buffer.withUnsafeMutableBytes({ Self.readPiece(descriptor, into: $0) }) {
            case .success(let count) where count > 0: keep(buffer[0..<count])
            case .success: break reading
            case .failure(let reading):
                failure = reading.reason
                break reading
            }
        }
        close(descriptor)
        spill.withLock { $0.failure = $0.failure ?? failure }
        memory.finish()
        finished(taker: false)
    }

    /// Keeps `bytes` after what waits: in memory while there is room and nothing waits in the file, else in the
    /// file, else waits for room.
    private func keep(_ bytes: ArraySlice<UInt8>) {
        enum Way {
            /// Dropped (nothing is taken any more), in memory, or in the file.
            case done
            /// Into the memory, waiting for room: nothing waits in the file, and the file has no room.
            case memory
            /// The file has no room and holds what comes first: wait for the relay thread to take it.
            case waitForTheFile
        }
        while true {
            // Decided and done with the lock held (the file written too): the relay thread, which looks at the
            // memory and the file under the same lock, never finds the memory empty and nothing in the file while a
            // piece is on its way to the file, and then waits for the memory in vain.
            let way = spill.withLock { state -> Way? in
                if state.isAbandoned { return .done }
                if state.pending == nil, memory.offer(Array(bytes)) { return .done }
                // Nothing of the file is left to read back: the next piece goes to its start.
                if state.unread == 0 { state.end = 0 }
                if !state.unavailable, state.end + bytes.count <= fileLimit {
                    if state.descriptor == nil {
                        state.descriptor = makeFile()
                        state.unavailable = state.descriptor == nil
                    }
                    if let descriptor = state.descriptor {
                        let offset = state.end
                        guard bytes.withUnsafeBytes({ UnlinkedFile.write($0, to: descriptor, at: offset) }) == nil
                        else {
                            // The folder is full, say: the memory is the only room from now on.
                            state.unavailable = true
                            return nil
                        }
                        state.end += bytes.count
                        state.pending = (state.pending?.offset ?? offset, (state.pending?.count ?? 0) + bytes.count)
                        state.unread += bytes.count
                        state.largest = max(state.largest, state.end)
                        return .done
                    }
                }
                guard state.pending == nil else {
                    state.readerWaits = true
                    return .waitForTheFile
                }
                return .memory
            }
            switch way {
            case .done:
                return
            case .memory:
                // Only this thread adds: nothing goes to the file meanwhile, so the order holds.
                memory.put(Array(bytes))
                return
            case .waitForTheFile:
                spillTaken.wait()
            case nil:
                continue
            }
        }
    }

    /// Marks one side done; the last one closes the file.
    private func finished(taker: Bool) {
        let unused = spill.withLock { state -> Int32? in
            if taker { state.takerIsDone = true } else { state.readerIsDone = true }
            guard state.takerIsDone && state.readerIsDone else { return nil }
            defer { state.descriptor = nil }
            return state.descriptor
        }
        if let unused { close(unused) }
    }

    /// Why the pipe could not be read.
    private struct ReadFailure: Error {
        let reason: String
    }

    /// Reads what the pipe holds into `buffer`, waiting for something; 0 at its end.
    private static func readPiece(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
        -> Result<Int, ReadFailure>
    {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return .success(count) }
            if errno == EINTR { continue }
            return .failure(
                ReadFailure(reason: "reading the runner's stream failed: \(String(cString: strerror(errno)))"))
        }
    }
}
