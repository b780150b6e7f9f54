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
        /// Its uri in messages (relative to the configuration's `uriBase`).
        package let uri: String

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

    /// The files, sorted by path, each once.
    package let files: [File]

    /// Finds the spec files of `paths`: files, and folders searched recursively.
    ///
    /// - Parameters:
    ///   - paths: files and folders.
    ///   - uriBase: the folder uris are relative to (default: the current directory).
    /// - Throws: `SpecRunError` when a path does not exist, or it or a file in it cannot be read, naming it.
    package static func find(paths: [String], uriBase: String? = nil) throws(SpecRunError) -> SpecFiles {
        let base = FeatureFiles.base(uriBase)
        return SpecFiles(
            files: try FeatureFiles.find(paths).map { File(path: $0, uri: FeatureFiles.uri(of: $0, base: base)) })
    }

    /// Makes a list of files found elsewhere.
    package init(files: [File]) {
        self.files = files
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
