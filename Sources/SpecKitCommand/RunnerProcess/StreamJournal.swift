import Foundation
import Messages
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The end of a runner process's message stream that its pipe has not carried yet, in memory the command and the
/// runner process share: a file both map, unlinked as soon as it is made, so nothing is left on disk.
///
/// The runner process writes its stream to the pipe in large pieces (when a test case ends, or every 64 KiB), and
/// copies each message here as it writes it, which costs a copy of a few hundred bytes instead of a write to the pipe
/// per step. When the process dies in a step, the command reads here what the pipe did not carry, up to that step's
/// `testStepStarted`, and fails that step.
///
/// The file holds a header of two counts, then the bytes: where in the stream the bytes begin (everything before was
/// written to the pipe) and how many there are. The runner process is the only writer; the command reads only once
/// the process has ended.
final class StreamJournal: @unchecked Sendable {
    // Safe to share: the memory is written by the runner process alone (under its sink's lock) and read here only
    // after that process has ended; the command's side never writes it.

    /// The descriptor a runner process finds its journal at.
    static let descriptor: Int32 = 6
    /// How many bytes of the stream the journal holds at most (the sink writes to the pipe before it would hold more).
    static let capacity = 1 << 18
    private static let headerSize = 64
    private static var fileSize: Int { headerSize + capacity }

    /// The file's descriptor (the command's: given to the runner process as `descriptor`).
    let fileDescriptor: Int32
    private let memory: UnsafeMutableRawPointer

    private init(fileDescriptor: Int32, memory: UnsafeMutableRawPointer) {
        self.fileDescriptor = fileDescriptor
        self.memory = memory
    }

    deinit {
        munmap(memory, Self.fileSize)
        close(fileDescriptor)
    }

    /// A new journal for a runner process to be started, in the temporary folder; nil when it cannot be made (the
    /// runner process then writes its stream to the pipe before each step, as it does without one).
    static func make() -> StreamJournal? {
        guard case .success(let descriptor) = UnlinkedFile.make(prefix: "feed-specs-stream") else { return nil }
        guard ftruncate(descriptor, off_t(fileSize)) == 0, let memory = map(descriptor) else {
            close(descriptor)
            return nil
        }
        return StreamJournal(fileDescriptor: descriptor, memory: memory)
    }

    /// The journal the command gave this runner process, when it gave one.
    static func inherited() -> StreamJournal? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == fileSize,
            let memory = map(descriptor)
        else { return nil }
        return StreamJournal(fileDescriptor: descriptor, memory: memory)
    }

    private static func map(_ descriptor: Int32) -> UnsafeMutableRawPointer? {
        let memory = mmap(nil, fileSize, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let memory, memory != MAP_FAILED else { return nil }
        return memory
    }

    private var start: UnsafeMutablePointer<UInt64> { memory.assumingMemoryBound(to: UInt64.self) }
    private var length: UnsafeMutablePointer<UInt64> { (memory + 8).assumingMemoryBound(to: UInt64.self) }
    private var bytes: UnsafeMutableRawPointer { memory + Self.headerSize }

    // MARK: - The runner process's side

    /// Holds `buffered`, the stream's bytes from `position` on (everything before went through the pipe); what it
    /// holds of them already is not copied again. More than `capacity` bytes are not held (the sink writes them to
    /// the pipe first).
    func hold(_ buffered: UnsafeRawBufferPointer, from position: Int) {
        guard buffered.count <= Self.capacity, let base = buffered.baseAddress else {
            length.pointee = 0
            return
        }
        if UInt64(position) != start.pointee { empty(at: position) }
        let from = min(Int(length.pointee), buffered.count)
        (bytes + from).copyMemory(from: base + from, byteCount: buffered.count - from)
        // The bytes are in place before the count that says so, should the process die in between.
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        length.pointee = UInt64(buffered.count)
    }

    /// Holds nothing: the stream went through the pipe up to `position`.
    func empty(at position: Int) {
        length.pointee = 0
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        start.pointee = UInt64(position)
    }

    // MARK: - The command's side

    /// The bytes of the stream after the first `received` (what the pipe carried), once the runner process has ended.
    func bytes(after received: Int) -> [UInt8] {
        let start = Int(clamping: start.pointee)
        let length = min(Int(clamping: length.pointee), Self.capacity)
        guard received >= start, received < start + length else { return [] }
        let from = received - start
        return Array(UnsafeRawBufferPointer(start: bytes + from, count: length - from))
    }
}
