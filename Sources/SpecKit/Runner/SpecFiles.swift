import Foundation
import Gherkin

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
        private let uriStart: Int

        /// Its uri in messages (relative to the configuration's `uriBase`).
        package var uri: String {
            otherURI ?? String(decoding: path.utf8.dropFirst(uriStart), as: UTF8.self)
        }

        /// A file at `path` named `uri` in messages.
        package init(path: String, uri: String) {
            self.path = path
            let start = path.utf8.count - uri.utf8.count
            if start >= 0 && path.utf8.dropFirst(start).elementsEqual(uri.utf8) {
                otherURI = nil
                uriStart = start
            } else {
                otherURI = uri
                uriStart = 0
            }
        }

        /// Reads the file's bytes.
        ///
        /// - Throws: `SpecRunError` naming the file when it cannot be read.
        func read() throws(SpecRunError) -> Data {
            do {
                return try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw SpecRunError(kind: .unreadable, message: "cannot read \(path): \(error.localizedDescription)")
            }
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
