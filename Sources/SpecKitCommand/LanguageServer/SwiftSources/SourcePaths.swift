import Foundation
import SpecKit

/// Where things are for the editor, so a prebuilt binary works in any clone: step definitions' Swift files and the
/// specs folder are found in the workspace the editor opened, not at the paths compiled into the binary. The
/// compiled-in package is used only when the editor gives no workspace, and only one specs folder is ever read.
struct SourcePaths {
    /// The package the binary was built from: the folder above `Sources/` in the step definitions' `#filePath`s.
    let compiledRoot: String?
    /// The package the editor opened: the nearest folder holding `Package.swift` at or above the workspace
    /// folder, else the workspace folder; nil when the editor gave none.
    let projectRoot: String?

    init(definitions: [StepDefinitionInfo], workspace: String?, fileManager: FileManager = .default) {
        compiledRoot = Self.compiledRoot(definitions.map(\.location.filePath))
        guard let workspace else {
            projectRoot = nil
            return
        }
        var folder = URL(fileURLWithPath: workspace).standardizedFileURL
        var found: String?
        while true {
            if fileManager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                found = folder.path
                break
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        projectRoot = found ?? URL(fileURLWithPath: workspace).standardizedFileURL.path
    }

    /// The most common folder above a `/Sources/` component among `paths`.
    static func compiledRoot(_ paths: [String]) -> String? {
        var counts: [String: Int] = [:]
        for path in paths {
            guard let range = path.range(of: "/Sources/", options: .backwards) else { continue }
            counts[String(path[..<range.lowerBound]), default: 0] += 1
        }
        return counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key
    }

    /// A compiled-in path relative to the package it was compiled in (`Sources/FeedAcceptance/FeedSteps.swift`),
    /// or nil when it is not in it.
    func packageRelative(_ path: String) -> String? {
        guard let compiledRoot, path.hasPrefix(compiledRoot + "/") else { return nil }
        return String(path.dropFirst(compiledRoot.count + 1))
    }

    /// The Swift file of a definition on this machine: in the opened package when it has it, else the compiled-in
    /// path when it exists; nil when neither does.
    func sourceFile(_ location: CodeLocation, fileManager: FileManager = .default) -> String? {
        if let projectRoot, let relative = packageRelative(location.filePath) {
            let candidate = URL(fileURLWithPath: projectRoot).appendingPathComponent(relative).path
            if fileManager.fileExists(atPath: candidate) { return candidate }
        }
        return fileManager.fileExists(atPath: location.filePath) ? location.filePath : nil
    }

    /// The Swift file of a definition that the server may edit: in the folder the editor opened; the compiled-in
    /// path only when the editor opened none. Nil when there is no such file.
    func editableSourceFile(_ location: CodeLocation, fileManager: FileManager = .default) -> String? {
        guard let path = sourceFile(location, fileManager: fileManager) else { return nil }
        return contains(path) ? path : nil
    }

    /// Whether `path` (symbolic links resolved) is inside the folder the editor opened; true for any path when it
    /// opened none.
    func contains(_ path: String) -> Bool {
        guard let projectRoot else { return true }
        let root = URL(fileURLWithPath: projectRoot).standardizedFileURL.resolvingSymlinksInPath().path
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        return resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The folders of the targets that hold `definitions` in the opened package (`…/Sources/FeedAcceptance`);
    /// none when the editor opened no folder.
    func libraryTargets(_ definitions: [StepDefinitionInfo]) -> [String] {
        guard let projectRoot else { return [] }
        var folders = Set<String>()
        for definition in definitions {
            guard let relative = packageRelative(definition.location.filePath) else { continue }
            let parts = relative.split(separator: "/")
            guard parts.count >= 3, parts[0] == "Sources" else { continue }
            folders.insert(URL(fileURLWithPath: projectRoot).appendingPathComponent("Sources/\(parts[1])").path)
        }
        return folders.sorted()
    }

    /// The specs folder to read: `explicit` (`--specs`, relative to the opened package) when given; else the
    /// command's default in the opened package (a compiled-in absolute path made relative to its package
    /// first); the default as it is when the editor opened nothing.
    func specsFolder(explicit: String?, default specs: String) -> String {
        if let explicit {
            guard !explicit.hasPrefix("/"), let projectRoot else { return explicit }
            return URL(fileURLWithPath: projectRoot).appendingPathComponent(explicit).path
        }
        guard let projectRoot else { return specs }
        if !specs.hasPrefix("/") {
            return URL(fileURLWithPath: projectRoot).appendingPathComponent(specs).path
        }
        if let relative = packageRelative(specs) {
            return URL(fileURLWithPath: projectRoot).appendingPathComponent(relative).path
        }
        return specs
    }

    /// A file uri's key: its standardized path with symbolic links resolved, so one file counts once whatever the
    /// spelling of its uri; any other uri as it is.
    static func key(_ uri: String) -> String {
        guard let url = URL(string: uri), url.isFileURL else { return uri }
        return url.standardizedFileURL.resolvingSymlinksInPath().path
    }
}
