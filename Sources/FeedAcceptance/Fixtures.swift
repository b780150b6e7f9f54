import Foundation

/// The files the stub server answers with, found by file name (e.g. `four-images.json`) anywhere under the
/// fixtures folder, and read at run time: editing a fixture needs no rebuild.
public struct Fixtures: Sendable {
    /// Why a fixture could not be used.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong, naming the file and the folder searched.
        public var description: String
    }

    /// The folder searched, including its subfolders.
    public let directory: URL
    private let index: [String: [String]]
    private let indexingProblem: String?

    /// Indexes the files under `directory` by file name.
    public init(directory: URL) {
        self.directory = directory
        var index: [String: [String]] = [:]
        var problem: String?
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) || !isDirectory.boolValue
        {
            problem = "the fixtures folder \(directory.path) does not exist"
        } else if let enumerator = FileManager.default.enumerator(atPath: directory.path) {
            while let relative = enumerator.nextObject() as? String {
                let path = directory.appendingPathComponent(relative).path
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
                    continue
                }
                let name = (relative as NSString).lastPathComponent
                index[name, default: []].append(relative)
            }
        } else {
            problem = "the fixtures folder \(directory.path) cannot be listed"
        }
        self.index = index.mapValues { $0.sorted() }
        self.indexingProblem = problem
    }

    /// The fixtures of this source tree: `Fixtures/` beside `Package.swift`, or the folder named by the
    /// `FEED_SPECS_FIXTURES` environment variable.
    public static let sourceTree = Fixtures(directory: defaultDirectory())

    /// The folder `sourceTree` reads: `$FEED_SPECS_FIXTURES`, else `Fixtures/` of the package this file is in.
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let override = environment["FEED_SPECS_FIXTURES"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return FeedSpecs.packageRoot.appendingPathComponent("Fixtures", isDirectory: true)
    }

    /// The path of the fixture called `name`, relative to `directory`.
    ///
    /// Throws `Failure` when no file or more than one file has that name, naming the folder searched.
    public func path(of name: String) throws(Failure) -> URL {
        if let indexingProblem {
            throw Failure(description: "Cannot find the fixture \"\(name)\": \(indexingProblem)")
        }
        let matches = index[name] ?? []
        guard let relative = matches.first else {
            throw Failure(
                description: "There is no fixture named \"\(name)\": searched \(directory.path) and its subfolders")
        }
        guard matches.count == 1 else {
            throw Failure(
                description: "The fixture name \"\(name)\" is ambiguous: \(matches.joined(separator: " and ")) "
                    + "under \(directory.path) both have it; rename one")
        }
        return directory.appendingPathComponent(relative)
    }

    /// The bytes of the fixture called `name`.
    ///
    /// Throws `Failure` when it cannot be found (see `path(of:)`) or read.
    public func data(of name: String) throws(Failure) -> Data {
        let url = try path(of: name)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw Failure(description: "Cannot read the fixture \(url.path): \(error.localizedDescription)")
        }
    }
}
