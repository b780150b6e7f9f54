import Foundation
import Gherkin

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The spec files of a run (`.feature` and `.feature.md`), found and checked but not yet read, sorted by path.
///
/// A whole run reads them as it goes (see `SpecRunner.run(_:sink:)`), so finding them first lets a caller say a
/// missing or unreadable path before any report starts.
package struct SpecFiles: Sendable {
    /// One file.
    package struct File: Sendable {
        /// The file's path on disk.
        package let path: String
        /// The uri when it is not the end of the path (a run of a hundred thousand files keeps one string each).
        private let otherURI: String?
        /// Where the uri starts in the path's UTF-8, when it is its end.
        private let uriStartOffset: Int

        /// Its uri in messages (relative to the configuration's `uriBase`).
        package var uri: String {
            otherURI ?? String(decoding: path.utf8.dropFirst(uriStartOffset), as: UTF8.self)
        }

        /// A file at `path` whose uri is the end of the path from `uriStart` (a UTF-8 offset).
        fileprivate init(path: String, uriStart: Int) {
            self.path = path
            otherURI = nil
            uriStartOffset = uriStart
        }

        /// Where the uri starts in the path, when it is the end of the path.
        fileprivate var uriStart: Int? {
            otherURI == nil ? uriStartOffset : nil
        }

        /// A file at `path` named `uri` in messages.
        package init(path: String, uri: String) {
            self.path = path
            let start = path.utf8.count - uri.utf8.count
            if start >= 0 && path.utf8.dropFirst(start).elementsEqual(uri.utf8) {
                otherURI = nil
                uriStartOffset = start
            } else {
                otherURI = uri
                uriStartOffset = 0
            }
        }

        /// Reads the file's bytes into a buffer of exactly their size (`Data(contentsOf:)` gives an empty file a
        /// buffer of 4 KB, which a run kept for each of its files).
        ///
        /// - Throws: `SpecRunError` naming the file when it cannot be read, or is no longer a regular file.
        func read() throws(SpecRunError) -> Data {
            func failure(_ reason: String) -> SpecRunError {
                SpecRunError(kind: .unreadable, message: "cannot read \(path): \(reason)")
            }
            // Not blocking: a file swapped for a FIFO since it was found must not wait for a writer.
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { throw failure(String(cString: strerror(errno))) }
            guard status.st_mode & S_IFMT == S_IFREG else { throw failure("it is no longer a regular file") }
            var data = Data(count: Int(status.st_size))
            var filled = 0
            var chunk = [UInt8]()
            while true {
                let count: Int
                if filled < data.count {
                    count = data.withUnsafeMutableBytes { buffer in
                        systemRead(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
                    }
                } else {
                    // The file grew since it was measured: read on to its end.
                    if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 64 * 1024) }
                    count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
                    if count > 0 { data.append(contentsOf: chunk[..<count]) }
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw failure(String(cString: strerror(errno)))
                }
                if count == 0 { break }
                filled += count
            }
            if filled < data.count { data.removeSubrange(filled...) }  // it shrank since it was measured
            return data
        }
    }

    /// The files' paths and uris, in one buffer: a run of a hundred thousand files would otherwise keep a string
    /// (and an object) for each.
    private final class Table: Sendable {
        /// Every path's UTF-8, one after the other.
        let bytes: [UInt8]
        /// Where each path ends in `bytes`.
        let ends: [UInt32]
        /// Where each uri starts in its path, when it is the end of the path (`UInt32.max` when it is not).
        let uriStarts: [UInt32]
        /// The uris that are not the end of their path, by position.
        let otherURIs: [Int: String]

        init(_ files: [File]) {
            var bytes: [UInt8] = []
            var ends: [UInt32] = []
            var uriStarts: [UInt32] = []
            var otherURIs: [Int: String] = [:]
            ends.reserveCapacity(files.count)
            uriStarts.reserveCapacity(files.count)
            for (position, file) in files.enumerated() {
                bytes += file.path.utf8
                ends.append(UInt32(truncatingIfNeeded: bytes.count))
                if let start = file.uriStart {
                    uriStarts.append(UInt32(truncatingIfNeeded: start))
                } else {
                    uriStarts.append(.max)
                    otherURIs[position] = file.uri
                }
            }
            self.bytes = bytes
            self.ends = ends
            self.uriStarts = uriStarts
            self.otherURIs = otherURIs
        }

        func file(at position: Int) -> File {
            let start = position == 0 ? 0 : Int(ends[position - 1])
            let path = String(decoding: bytes[start..<Int(ends[position])], as: UTF8.self)
            let uriStart = uriStarts[position]
            return uriStart == .max
                ? File(path: path, uri: otherURIs[position] ?? path) : File(path: path, uriStart: Int(uriStart))
        }
    }

    private let table: Table

    /// How many files there are.
    package var count: Int { table.ends.count }

    /// The file at `position` (0 to `count - 1`), in path order.
    package subscript(position: Int) -> File {
        table.file(at: position)
    }

    /// The files, sorted by path, each once.
    package var files: [File] {
        (0..<count).map { self[$0] }
    }

    /// Finds the spec files of `paths`: files, and folders searched recursively.
    ///
    /// - Parameters:
    ///   - paths: files and folders.
    ///   - uriBase: the folder uris are relative to (default: the current directory).
    /// - Throws: `SpecRunError` when a path does not exist, or it or a file in it cannot be read, naming it.
    package static func find(paths: [String], uriBase: String? = nil) throws(SpecRunError) -> SpecFiles {
        let base = SpecPaths.base(uriBase)
        return SpecFiles(
            files: try SpecPaths.find(paths).map { File(path: $0, uri: SpecPaths.uri(of: $0, base: base)) })
    }

    /// Makes a list of files found elsewhere.
    package init(files: [File]) {
        table = Table(files)
    }

    /// Parses `data`, the bytes of `file`, drawing ids from `cursor`.
    static func parse(
        _ data: Data, of file: File, languages: GherkinLanguages, cursor: inout IdCursor
    ) -> SpecPlan.Document {
        SpecPlan.Document(
            uri: file.uri, path: file.path,
            result: Gherkin.parseFile(uri: file.uri, data: data, languages: languages, idGenerator: &cursor))
    }
}

/// `read(2)` (the name is taken by `SpecFiles.File.read()` where it is called).
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Darwin)
        Darwin.read(descriptor, buffer, count)
    #elseif canImport(Musl)
        Musl.read(descriptor, buffer, count)
    #else
        Glibc.read(descriptor, buffer, count)
    #endif
}
