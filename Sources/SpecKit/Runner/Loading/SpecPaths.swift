import Foundation
import Gherkin

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding `.feature` files and naming them.
package enum SpecPaths {
    static func absolute(_ path: String) -> String {
        let url =
            path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path)
        return url.standardizedFileURL.path
    }

    static func base(_ uriBase: String?) -> String {
        absolute(uriBase ?? FileManager.default.currentDirectoryPath)
    }

    static func uri(of absolutePath: String, base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return absolutePath.hasPrefix(prefix) ? String(absolutePath.dropFirst(prefix.count)) : absolutePath
    }

    /// What keeps `path` from being read as a spec, said after its name (`is a FIFO (named pipe), ...`), or nil
    /// for a regular file, a folder or nothing at all.
    static func problem(with path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            switch errno {
            case ELOOP: return "is a symbolic link that leads back to itself (a loop); point it at a file or a folder"
            case EACCES: return "cannot be read: permission denied"
            default: return nil
            }
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard access(path, R_OK) == 0 else { return "cannot be read: \(String(cString: strerror(errno)))" }
            return nil
        case S_IFDIR: return nil
        case S_IFIFO: return "is a FIFO (named pipe), not a file: give a .feature file or a folder"
        case S_IFCHR, S_IFBLK: return "is a device, not a file: give a .feature file or a folder"
        case S_IFSOCK: return "is a socket, not a file: give a .feature file or a folder"
        default: return "is not a regular file: give a .feature file or a folder"
        }
    }

    /// An entry `walk` found: its path and its `lstat` type (`S_IFREG`, `S_IFDIR`, 0 when unknown). Valid while
    /// `walk` calls back with it, its folder being open.
    struct Entry {
        let path: String
        let mode: mode_t
        /// The open folder's descriptor and the entry's name in it.
        fileprivate let folder: Int32
        fileprivate let name: String

        /// Whether it is a regular file this process may read, asked of its open folder (its whole path is not
        /// looked up again: thousands of files are found so).
        var isReadableFile: Bool {
            mode == S_IFREG && faccessat(folder, name, R_OK, 0) == 0
        }
    }

    /// Calls `found` with every entry under `folder` (`folder/name`, `folder/sub/name`, ...) whose name `wanted`
    /// accepts, depth first: folders are entered, symbolic links are listed and not followed (as `FileManager`'s
    /// enumerator does, with `readdir` directly: listing thousands of files through the enumerator costs more than
    /// parsing them). False when `folder` cannot be listed.
    static func walk(
        _ folder: String, wanted: (String) -> Bool, _ found: (Entry) throws(SpecRunError) -> Void
    ) throws(SpecRunError) -> Bool {
        guard let stream = opendir(folder) else { return false }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let type = Int32(entry.pointee.d_type)
            let isWanted = wanted(name)
            guard isWanted || type == Int32(DT_DIR) || type == Int32(DT_UNKNOWN) else { continue }
            let path = folder + "/" + name
            var mode: mode_t = 0
            if type == Int32(DT_DIR) {
                mode = S_IFDIR
            } else if type == Int32(DT_REG) {
                mode = S_IFREG
            } else if type == Int32(DT_UNKNOWN) {
                var status = stat()
                if lstat(path, &status) == 0 { mode = status.st_mode & S_IFMT }
            }
            if isWanted { try found(Entry(path: path, mode: mode, folder: descriptor, name: name)) }
            if mode == S_IFDIR { _ = try walk(path, wanted: wanted, found) }
        }
        return true
    }

    /// The spec files (`.feature`, `.feature.md`) under `folder`, as absolute paths, sorted: what a run of the
    /// folder reads, listed without checking them (a folder that cannot be listed has none). For the language
    /// server's index and watch mode, which read what they can.
    package static func specFiles(in folder: String) -> [String] {
        var found: [String] = []
        _ = try? walk(absolute(folder), wanted: Gherkin.isSpecFile) { entry in
            if entry.mode != S_IFDIR { found.append(entry.path) }  // a folder named like a spec file is no spec
        }
        return found.sorted()
    }

    /// The absolute paths of the `.feature` files under `paths`, sorted, without duplicates.
    package static func find(_ paths: [String]) throws(SpecRunError) -> [String] {
        var found: [String] = []
        let manager = FileManager.default
        for path in paths {
            let absolutePath = absolute(path)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: absolutePath, isDirectory: &isFolder) else {
                if let problem = problem(with: absolutePath) {
                    throw SpecRunError(kind: .unreadable, message: "\(path) \(problem)")
                }
                throw SpecRunError(
                    kind: .missingPath, message: "no such file or folder: \(path) (looked for \(absolutePath))")
            }
            guard isFolder.boolValue else {
                if let problem = problem(with: absolutePath) {
                    throw SpecRunError(kind: .unreadable, message: "\(path) \(problem)")
                }
                found.append(absolutePath)
                continue
            }
            let listed = try walk(absolutePath, wanted: Gherkin.isSpecFile) { entry throws(SpecRunError) in
                let file = entry.path
                // A regular file its folder says is readable needs no look of its own (the common case: thousands).
                if !entry.isReadableFile, let problem = problem(with: file) {
                    throw SpecRunError(kind: .unreadable, message: "\(file) \(problem)")
                }
                var isSpecFolder = entry.mode == S_IFDIR
                if entry.mode != S_IFREG && !isSpecFolder {
                    // A symbolic link (or an entry of unknown type): what it leads to decides.
                    var status = stat()
                    isSpecFolder = stat(file, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
                }
                if isSpecFolder {
                    // Found before the run starts, so it is said before any report or message.
                    throw SpecRunError(
                        kind: .unreadable,
                        message: "\(file) is a folder named like a spec file: rename it, or give its files")
                }
                found.append(file)
            }
            guard listed else {
                throw SpecRunError(kind: .unreadable, message: "cannot list the folder \(path)")
            }
        }
        // Sorted, then each path once (a file given twice, or inside two folders given).
        found.sort()
        var unique = 0
        for index in found.indices where index == 0 || found[index] != found[unique - 1] {
            found.swapAt(unique, index)
            unique += 1
        }
        found.removeSubrange(unique...)
        return found
    }
}
