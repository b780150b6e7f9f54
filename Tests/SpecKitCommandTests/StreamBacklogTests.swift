import Foundation
import Synchronization
import TestSupport
import Testing

@testable import SpecKitCommand

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command reads its runner process's stream as it comes, keeping what it has not relayed yet in memory, then in
/// an unlinked file: the runner process never waits for the command while there is room, and the stream comes out
/// whole and in order.
@Suite struct StreamBacklogTests {
    /// A pipe whose write end a thread of its own fills with `bytes` in pieces of `piece`, then closes; `written` is
    /// set once every byte went into the pipe.
    final class Writer: Sendable {
        let readEnd: Int32
        let written = Atomic(false)

        init(_ bytes: [UInt8], piece: Int) throws {
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            readEnd = ends[0]
            let writeEnd = ends[1]
            let thread = Thread { [self] in
                var offset = 0
                while offset < bytes.count {
                    let count = min(piece, bytes.count - offset)
                    let done = bytes[offset..<offset + count].withUnsafeBytes { write(writeEnd, $0.baseAddress, count) }
                    guard done > 0 else { break }
                    offset += done
                }
                self.written.store(offset == bytes.count, ordering: .sequentiallyConsistent)
                close(writeEnd)
            }
            thread.start()
        }

        /// Whether every byte went into the pipe within `seconds` (a guard against waiting for ever, not a timing).
        func finishes(within seconds: Int = 60) async throws -> Bool {
            for _ in 0..<(seconds * 100) {
                if written.load(ordering: .sequentiallyConsistent) { return true }
                try await Task.sleep(for: .milliseconds(10))
            }
            return false
        }
    }

    /// Every piece `backlog` gives, to its end, taken on a thread of its own.
    static func takeAll(_ backlog: StreamBacklog) async -> [UInt8] {
        await offThePool {
            var taken: [UInt8] = []
            while let piece = backlog.next() { taken += piece }
            backlog.stopTaking()
            return taken
        }
    }

    /// Where `taken` first differs from `sent` (its length when one is the other's start), nil when they are the same:
    /// a failing comparison of megabytes names one place rather than listing every byte.
    static func firstDifference(_ taken: [UInt8], _ sent: [UInt8]) -> Int? {
        if let index = (0..<min(taken.count, sent.count)).first(where: { taken[$0] != sent[$0] }) { return index }
        return taken.count == sent.count ? nil : min(taken.count, sent.count)
    }

    /// A stream of lines numbered from 0, `count` bytes long.
    static func stream(count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var line = 0
        while bytes.count < count {
            bytes += Array("{\"line\":\(line)}\n".utf8)
            line += 1
        }
        return Array(bytes.prefix(count))
    }

    @Test func `the runner process writes its whole stream before the command takes any, and it comes out in order`()
        async throws
    {
        // 4 MiB: far more than a pipe holds (64 KiB here), so the writer would wait for ever without the backlog.
        let sent = Self.stream(count: 4 << 20)
        let writer = try Writer(sent, piece: 3000)
        let backlog = StreamBacklog(reading: writer.readEnd, ahead: true, memoryPieces: 4, fileLimit: 64 << 20)
        #expect(try await writer.finishes(), "the writer waited for the command")
        // What the memory could not hold (4 reads of at most 64 KiB) went to the file, all but what is still in the
        // pipe or being read.
        #expect(backlog.inFile.unread >= (4 << 20) - (6 << 16))
        let taken = await Self.takeAll(backlog)
        #expect(Self.firstDifference(taken, sent) == nil)
        #expect(backlog.failure == nil)
    }

    @Test(arguments: [
        (pieces: 1, file: 0), (pieces: 4, file: 0), (pieces: 4, file: 8192), (pieces: 32, file: 1 << 20),
    ])
    func `past the memory and the file the runner process waits, and the stream is still whole`(
        limits: (pieces: Int, file: Int)
    ) async throws {
        let sent = Self.stream(count: 3 << 20)
        let writer = try Writer(sent, piece: 5000)
        let backlog = StreamBacklog(
            reading: writer.readEnd, ahead: true, memoryPieces: limits.pieces, fileLimit: limits.file)
        let taken = await Self.takeAll(backlog)
        #expect(Self.firstDifference(taken, sent) == nil)
        #expect(try await writer.finishes())
        #expect(backlog.inFile.largest <= limits.file, "the file never grew past its limit")
    }

    @Test(arguments: [false, true])
    func `when the file cannot be made or written, the memory is the only room, and the stream is still whole`(
        madeButUnwritable: Bool
    ) async throws {
        let sent = Self.stream(count: 2 << 20)
        let writer = try Writer(sent, piece: 5000)
        // A descriptor open for reading only: every write to it fails, as on a full disk.
        let backlog = StreamBacklog(
            reading: writer.readEnd, ahead: true, memoryPieces: 2, fileLimit: 1 << 20,
            makeFile: { madeButUnwritable ? open("/dev/null", O_RDONLY) : nil })
        let taken = await Self.takeAll(backlog)
        #expect(Self.firstDifference(taken, sent) == nil)
        #expect(try await writer.finishes())
        #expect(backlog.inFile.largest == 0, "nothing was kept in the file")
        #expect(backlog.failure == nil)
    }

    @Test func `bytes the file cannot give back end the stream there, saying why, and the writer is not held`()
        async throws
    {
        let sent = Self.stream(count: 2 << 20)
        let writer = try Writer(sent, piece: 5000)
        // Open for writing only: every write succeeds, and reading back fails.
        let backlog = StreamBacklog(
            reading: writer.readEnd, ahead: true, memoryPieces: 2, fileLimit: 64 << 20,
            makeFile: { open("/dev/null", O_WRONLY) })
        #expect(try await writer.finishes(), "the writer waited for the command")
        let taken = await Self.takeAll(backlog)
        #expect(taken.count < sent.count)
        #expect(Self.firstDifference(taken, Array(sent.prefix(taken.count))) == nil, "what came out is the start")
        #expect(backlog.failure?.contains("could not be kept") == true)
    }

    @Test func `without reading ahead the pipe is read as the stream is taken`() async throws {
        let sent = Self.stream(count: 1 << 20)
        let writer = try Writer(sent, piece: 7000)
        let backlog = StreamBacklog(reading: writer.readEnd, ahead: false)
        let taken = await Self.takeAll(backlog)
        #expect(Self.firstDifference(taken, sent) == nil)
        #expect(backlog.inFile.largest == 0, "nothing was kept in the file")
        #expect(try await writer.finishes())
    }

    @Test func `a command that stops taking leaves the runner process free to write to its end`() async throws {
        // The command stops at a stream it cannot read: the runner process is ended, and must not wait meanwhile.
        let sent = Self.stream(count: 2 << 20)
        let writer = try Writer(sent, piece: 4096)
        let backlog = StreamBacklog(reading: writer.readEnd, ahead: true, memoryPieces: 2, fileLimit: 4096)
        let first = await offThePool { backlog.next() }
        #expect(first.map { Array(sent.prefix($0.count)) == $0 } == true)
        backlog.stopTaking()
        #expect(try await writer.finishes(), "the writer waited for a command that takes nothing more")
    }
}

/// The command reads its runner process's stream ahead only when its reports leave it a core to spare.
@Suite struct ReadingAheadTests {
    @Test(arguments: [
        ([], true),
        (["summary"], true),
        (["progress", "message:out.ndjson"], true),
        (["pretty", "summary:-"], true),
        (["summary", "html"], false),
        (["junit:j.xml"], false),
        (["message", "json"], false),
        (["usage"], false),
    ])
    func `only a run writing the console's reports and the message stream reads ahead`(
        formats: [String], readsAhead: Bool
    ) throws {
        let requests = try formats.map { try FormatRequest.parse($0) }
        #expect(FormatRequest.readsAhead(writing: requests) == readsAhead)
    }

    @Test(arguments: [true, false])
    func `a run writing the default reports does not read ahead`(outDirectoryGiven: Bool) {
        let formats = FormatRequest.effective([], outDirectoryGiven: outDirectoryGiven)
        #expect(!FormatRequest.readsAhead(writing: formats))
    }
}

/// How large the backlog's file may grow: after the space free where temporary files go, never in memory.
@Suite struct BacklogFileLimitTests {
    @Test(arguments: [
        (false, 100 << 30, 4 << 30),
        (false, 8 << 30, 2 << 30),
        (false, 1 << 30, 256 << 20),
        (false, 0, 0),
        (true, 100 << 30, 512 << 20),
    ])
    func `a quarter of the space free, at most 4 GiB, and 512 MiB on a file system in memory`(
        inMemory: Bool, available: Int, limit: Int
    ) {
        #expect(StreamBacklog.fileLimit(inMemory: inMemory, available: available) == limit)
    }

    @Test func `512 MiB when the file system cannot be asked`() {
        #expect(StreamBacklog.fileLimit(inMemory: nil, available: 100 << 30) == 512 << 20)
        #expect(StreamBacklog.fileLimit(inMemory: false, available: nil) == 512 << 20)
        #expect(StreamBacklog.fileLimit(forFolder: "/no/such/folder/anywhere") == 512 << 20)
    }

    static let mountInfo = """
        22 1 252:1 / / rw,relatime shared:1 - ext4 /dev/vda1 rw
        25 22 0:23 / /tmp rw,nosuid shared:5 - tmpfs tmpfs rw,size=4096k
        26 25 252:2 / /tmp/disk rw,relatime shared:6 - xfs /dev/vdb rw
        27 22 0:24 / /run rw,nosuid shared:7 master:3 - tmpfs tmpfs rw
        28 22 0:25 / /run ro shared:8 - ramfs none ro
        """

    @Test(arguments: [
        ("/tmp", "tmpfs"), ("/tmp/feed-specs", "tmpfs"), ("/tmp/disk/a", "xfs"), ("/tmpfiles", "ext4"),
        ("/home/me", "ext4"), ("/run/x", "ramfs"),
    ])
    func `the type of the file system mounted at the longest folder above the path, the last mounted there`(
        path: String, type: String
    ) {
        #expect(StreamBacklog.fileSystemType(of: path, mountInfo: Self.mountInfo) == type)
    }

    @Test func `no type when nothing readable is mounted above the path`() {
        #expect(StreamBacklog.fileSystemType(of: "/tmp", mountInfo: "") == nil)
        #expect(StreamBacklog.fileSystemType(of: "/tmp", mountInfo: "garbage line\n25 22 0:23 / /tmp") == nil)
    }
}
