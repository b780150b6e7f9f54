import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `speckit.build`: builds the command the server is (`swift build -c release --product feed-specs` in the package
/// its binary was built in, which must be the folder the editor opened), with the build's progress shown in the
/// editor (`$/progress`, else messages), and on success restarts the server on the new build: the process executes
/// the new binary in its place, on the same pipes, and the new server takes the session over (the client's
/// settings, the open documents as the editor has them, and every message read and not yet answered), so the
/// editor sees one server that now knows the new steps.
struct ServerBuild {
    /// The server's own executable, as it was when the server started, and its arguments.
    struct Executable: Sendable {
        var path: String
        var arguments: [String]
        /// Its modification date at start: a later one means it was rebuilt since.
        var modified: Date?

        /// The package it was built in, its configuration (`debug`, `release`) and product: from a path
        /// `PACKAGE/.build/[TRIPLE/]CONFIGURATION/PRODUCT`.
        var buildPlace: (package: String, configuration: String, product: String)? {
            let components = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
            guard let build = components.lastIndex(of: ".build"), components.count - build >= 3 else { return nil }
            let configuration = components[components.count - 2]
            guard configuration == "debug" || configuration == "release" else { return nil }
            let package = NSString.path(withComponents: Array(components[..<build]))
            return (package, configuration, components[components.count - 1])
        }
    }

    /// What the build tells the server's loop, from its own thread.
    enum Event: Sendable {
        /// A line of progress (`[12/340] Compiling FeedAcceptance FeedSteps.swift`), with the share done when the
        /// line says it.
        case progress(String, percentage: Int?)
        /// The build ended: its exit status and its error lines (at most a few).
        case finished(status: Int32, errors: [String])
    }

    /// Starts `swift build` for `executable` in `package`; its events come back through `post`. Throws the reason
    /// when it cannot start.
    static func start(
        _ place: (package: String, configuration: String, product: String),
        post: @escaping @Sendable (any Sendable) -> Void
    ) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "-c", place.configuration, "--product", place.product]
        process.currentDirectoryURL = URL(fileURLWithPath: place.package)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let reading = output.fileHandleForReading
        let thread = Thread {
            var errors: [String] = []
            var pending = Data()
            while true {
                let chunk = reading.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 10) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    if line.contains("error:"), errors.count < 5 { errors.append(line) }
                    post(Event.progress(line, percentage: Self.percentage(line)))
                }
            }
            process.waitUntilExit()
            post(Event.finished(status: process.terminationStatus, errors: errors))
        }
        thread.name = "lsp-build"
        thread.start()
        return process
    }

    /// The share done that a build line says (`[12/340] …` is 3).
    static func percentage(_ line: String) -> Int? {
        guard line.hasPrefix("["), let slash = line.firstIndex(of: "/"), let close = line.firstIndex(of: "]"),
            slash < close, let done = Int(line[line.index(after: line.startIndex)..<slash]),
            let total = Int(line[line.index(after: slash)..<close]), total > 0
        else { return nil }
        return min(100, done * 100 / total)
    }
}

/// What a new server process takes over from the one it replaces (`SPECKIT_LSP_RESUME` names the file, which the
/// new process reads and removes): the client's `initialize` parameters and settings, the documents it has open,
/// the messages read and not handled, and the bytes read of the next one.
struct ServerHandover {
    static let variable = "SPECKIT_LSP_RESUME"

    var initialize: [String: Any]
    var settings: [String: Any]
    var documents: [(uri: String, text: String, version: Int?)]
    var pending: [Any]
    var unread: [UInt8]
    /// What the new server tells the person once it has taken over.
    var message: String

    func json() throws -> Data {
        let object: [String: Any] = [
            "initialize": initialize, "settings": settings,
            "documents": documents.map { document -> [String: Any] in
                var entry: [String: Any] = ["uri": document.uri, "text": document.text]
                if let version = document.version { entry["version"] = version }
                return entry
            },
            "pending": pending, "unread": Data(unread).base64EncodedString(), "message": message,
        ]
        return try JSONSerialization.data(withJSONObject: object)
    }

    init(
        initialize: [String: Any], settings: [String: Any], documents: [(uri: String, text: String, version: Int?)],
        pending: [Any], unread: [UInt8], message: String
    ) {
        self.initialize = initialize
        self.settings = settings
        self.documents = documents
        self.pending = pending
        self.unread = unread
        self.message = message
    }

    /// Whether `path` is a hand-over file as `execute` writes them: in the temporary folder, named
    /// `speckit-lsp-….json`, a regular file of this user that no one else can read. Only such a file is read and
    /// removed: the variable naming any other file (set by mistake, or by someone else) touches nothing.
    static func isHandOverFile(_ path: String) -> Bool {
        let url = URL(fileURLWithPath: path)
        let folder = FileManager.default.temporaryDirectory.standardizedFileURL.resolvingSymlinksInPath().path
        guard url.deletingLastPathComponent().standardizedFileURL.resolvingSymlinksInPath().path == folder,
            url.lastPathComponent.hasPrefix("speckit-lsp-"), url.pathExtension == "json"
        else { return false }
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFREG && status.st_uid == geteuid() && status.st_mode & 0o077 == 0
    }

    /// The hand-over in the file `path`, which is removed; nil when it cannot be read, or is not a hand-over file
    /// (`isHandOverFile`), which is then left as it is.
    init?(readingAndRemoving path: String) {
        guard Self.isHandOverFile(path) else { return nil }
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let data = FileManager.default.contents(atPath: path),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let initialize = object["initialize"] as? [String: Any]
        else { return nil }
        self.initialize = initialize
        settings = object["settings"] as? [String: Any] ?? [:]
        documents = (object["documents"] as? [[String: Any]] ?? []).compactMap { entry in
            guard let uri = entry["uri"] as? String, let text = entry["text"] as? String else { return nil }
            return (uri, text, entry["version"] as? Int)
        }
        pending = object["pending"] as? [Any] ?? []
        unread = Array(Data(base64Encoded: object["unread"] as? String ?? "") ?? Data())
        message = object["message"] as? String ?? ""
    }

    /// Writes the hand-over into a private file and executes `executable` in this process's place, its standard
    /// input and output the protocol's again. Returns only when that fails, with the reason.
    func execute(_ executable: ServerBuild.Executable, protocolInput: Int32, protocolOutput: Int32) -> String {
        let folder = FileManager.default.temporaryDirectory
        let path = folder.appendingPathComponent("speckit-lsp-\(getpid())-\(UUID().uuidString).json").path
        do {
            let data = try json()
            guard FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600])
            else { return "the hand-over file \(path) cannot be written" }
        } catch {
            return "the session cannot be written down: \(error)"
        }
        guard access(executable.path, X_OK) == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            return "\(executable.path) is not an executable file"
        }
        setenv(Self.variable, path, 1)
        let savedInput = dup(STDIN_FILENO)
        let savedOutput = dup(STDOUT_FILENO)
        _ = dup2(protocolInput, STDIN_FILENO)
        _ = dup2(protocolOutput, STDOUT_FILENO)
        var arguments = [executable.path] + executable.arguments.dropFirst()
        let pointers = arguments.map { strdup($0) } + [nil]
        execv(executable.path, pointers)
        let reason = String(cString: strerror(errno))
        // Still this process: standard input is nothing again, standard output goes back to standard error, and the
        // session goes on.
        for (saved, descriptor) in [(savedInput, STDIN_FILENO), (savedOutput, STDOUT_FILENO)] where saved >= 0 {
            _ = dup2(saved, descriptor)
            close(saved)
        }
        for pointer in pointers { free(pointer) }
        arguments.removeAll()
        unsetenv(Self.variable)
        try? FileManager.default.removeItem(atPath: path)
        return "\(executable.path) could not be started: \(reason)"
    }
}

extension Workspace {
    /// Starts `speckit.build`; returns what the editor is told. Refused, with the reason, when the server cannot
    /// build itself: a build going on, no executable known, or a binary built outside the folder the editor opened.
    func startBuild() throws(ResponseError) -> String {
        guard building == nil else { throw .failed("A build of \(name) is going on.") }
        guard let executable, let place = executable.buildPlace else {
            throw .failed("This server cannot build itself: its binary is not in a package's .build folder.")
        }
        guard let root = paths.projectRoot,
            URL(fileURLWithPath: root).standardizedFileURL.resolvingSymlinksInPath().path
                == URL(fileURLWithPath: place.package).standardizedFileURL.resolvingSymlinksInPath().path
        else {
            throw .failed(
                "This server was built in \(place.package), not in the folder the editor opened "
                    + "(\(paths.projectRoot ?? "none")): build it there.")
        }
        let process: Process
        do {
            process = try ServerBuild.start(place, post: post)
        } catch {
            throw .failed("swift build could not start in \(place.package): \(error)")
        }
        let title = "Building \(place.product) (swift build -c \(place.configuration) --product \(place.product))"
        var token: String?
        if capabilities.showsProgress {
            let created = "speckit-build-\(ProcessInfo.processInfo.processIdentifier)-\(Date().timeIntervalSince1970)"
            request("window/workDoneProgress/create", ["token": created])
            notify(
                "$/progress",
                ["token": created, "value": ["kind": "begin", "title": title, "percentage": 0] as [String: Any]])
            token = created
        }
        building = (process, token, nil)
        refreshLenses()
        return title + "…"
    }

    /// Takes a build event in; returns what a new server process is to say once it takes over, when the build
    /// succeeded and the server is to restart on it.
    func buildEvent(_ event: ServerBuild.Event) -> String? {
        guard let current = building else { return nil }
        switch event {
        case .progress(let line, let percentage):
            guard let token = current.token, let percentage, percentage != current.percentage else { return nil }
            building?.percentage = percentage
            notify(
                "$/progress",
                [
                    "token": token,
                    "value": ["kind": "report", "message": String(line.prefix(120)), "percentage": percentage]
                        as [String: Any],
                ])
            return nil
        case .finished(let status, let errors):
            building = nil
            if let token = current.token {
                let message = status == 0 ? "built" : "failed"
                notify("$/progress", ["token": token, "value": ["kind": "end", "message": message] as [String: Any]])
            }
            refreshLenses()
            guard status == 0 else {
                let reasons = errors.isEmpty ? "exit status \(status)" : errors.joined(separator: "\n")
                show("The build of \(name) failed; the server goes on with the build it has:\n\(reasons)", type: 1)
                return nil
            }
            return "Restarted \(name) lsp on its new build."
        }
    }

    /// Whether the server's binary changed on disk since it started (rebuilt from a terminal, say).
    var executableChanged: Bool {
        guard let executable, let modified = executable.modified else { return false }
        let now = (try? FileManager.default.attributesOfItem(atPath: executable.path))?[.modificationDate] as? Date
        return now != modified
    }
}
