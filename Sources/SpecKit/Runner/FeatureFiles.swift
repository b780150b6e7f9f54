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
package enum FeatureFiles {
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

    /// The paths, relative to `folder`, of everything under it, depth first: folders are entered, symbolic links
    /// are listed and not followed (as `FileManager`'s enumerator does, with `readdir` directly: listing thousands
    /// of files through the enumerator costs more than parsing them). Nil when `folder` cannot be listed.
    static func entries(under folder: String) -> [String]? {
        guard let stream = opendir(folder) else { return nil }
        defer { closedir(stream) }
        var found: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            found.append(name)
            var isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
            if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
                var status = stat()
                isFolder = lstat(folder + "/" + name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            }
            if isFolder, let inner = entries(under: folder + "/" + name) {
                found += inner.map { name + "/" + $0 }
            }
        }
        return found
    }

    /// The absolute paths of the `.feature` files under `paths`, sorted, without duplicates.
    package static func find(_ paths: [String]) throws(SpecRunError) -> [String] {
        var found: Set<String> = []
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
                found.insert(absolutePath)
                continue
            }
            guard let entries = entries(under: absolutePath) else {
                throw SpecRunError(kind: .unreadable, message: "cannot list the folder \(path)")
            }
            for relative in entries {
                if Gherkin.isSpecFile(relative) {
                    let file = absolutePath + "/" + relative
                    if let problem = problem(with: file) {
                        throw SpecRunError(kind: .unreadable, message: "\(file) \(problem)")
                    }
                    var isSpecFolder: ObjCBool = false
                    if manager.fileExists(atPath: file, isDirectory: &isSpecFolder), isSpecFolder.boolValue {
                        // Found before the run starts, so it is said before any report or message.
                        throw SpecRunError(
                            kind: .unreadable,
                            message: "\(file) is a folder named like a spec file: rename it, or give its files")
                    }
                    found.insert(file)
                }
            }
        }
        return found.sorted()
    }
}
