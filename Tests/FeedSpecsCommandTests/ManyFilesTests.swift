import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A streamed run's memory per spec file.
@Suite(
    "feed-specs on very many spec files",
    .enabled(if: FeedSpecsCommand.isAvailable, "needs the feed-specs executable built beside the tests"))
struct ManyFilesTests {
    /// Runs `feed-specs arguments` (absolute paths: it runs in the tests' folder), output discarded, and returns its
    /// exit status and peak resident memory in bytes (the kernel's own accounting of that one process).
    static func peakMemory(_ arguments: [String]) throws -> (status: Int32, bytes: Int) {
        let executable = try #require(FeedSpecsCommand.url).path
        var actions: posix_spawn_file_actions_t = .init()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        try #require(spawned == 0)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        #if canImport(Darwin)
            let bytes = Int(usage.ru_maxrss)
        #else
            let bytes = Int(usage.ru_maxrss) * 1024
        #endif
        return ((status >> 8) & 0xFF, bytes)
    }

    @Test("30,000 empty .feature files run in less than 100 MB (each kept a 4 KB buffer: 160 MB)")
    func emptyFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("many-specs-\(UUID().uuidString)")
        let specs = directory.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for index in 0..<30_000 {
            let path = specs.appendingPathComponent("f\(index).feature").path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            try #require(descriptor >= 0)
            close(descriptor)
        }
        let (status, bytes) = try Self.peakMemory([specs.path, "--format", "summary"])
        #expect(status == 0)
        #expect(bytes < 100 << 20, "peak \(bytes >> 20) MB")
    }
}
