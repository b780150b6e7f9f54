import Foundation
import Gherkin
import Messages
import SpecKit
import Synchronization

/// Runs scenarios for the editor: the text of one document (as the editor has it, saved or not), its whole or the
/// scenarios at some lines, with the command's own step library, world and variants, by the same runner as `run`
/// (in a runner process of its own when the server is the process's command line). Its only result is the message
/// stream, which the server reads as every report does. The copy of the document lives in a private folder that
/// goes when the run ends, or when the server does first.
struct EditorRunner: Sendable {
    /// What to run.
    struct Request: Sendable {
        /// The document's path relative to the package (`Specs/cart.feature`): the uri its messages carry.
        var relativePath: String
        /// The document's text.
        var text: String
        /// The lines (1-based) of the scenarios, outlines or examples rows to run; empty runs the whole document.
        var lines: [Int]
        /// The step timeout, in seconds.
        var timeout: Double
        /// The variant to run against (`sqlite`), or nil for the command's default.
        var variant: String?
    }

    /// How a run ended: its messages, or why it could not start.
    enum Outcome: Sendable {
        case finished([Envelope])
        case failed(String)
    }

    /// The variants a run may name (`speckit.variant`), for messages.
    let variants: [String]
    let run: @Sendable (Request) async -> Outcome

    /// The private folders of the runs going on, each holding the copy of a document.
    private static let folders = Mutex<Set<URL>>([])

    /// Makes `root`, a private folder (0700) for the copy of a document, and keeps it in the list of folders to remove.
    static func makePrivateFolder(_ root: URL) throws {
        try FileManager.default.createDirectory(
            at: root, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        _ = folders.withLock { $0.insert(root) }
    }

    /// Removes the private folder of a run that ended.
    static func removePrivateFolder(_ root: URL) {
        _ = folders.withLock { $0.remove(root) }
        try? FileManager.default.removeItem(at: root)
    }

    /// Removes the private folders of the runs still going on: called when the server ends, or executes a new build in
    /// its place, before a cancelled run has come back (its copies of unsaved documents are not left behind).
    static func removePrivateFolders() {
        let open = folders.withLock { folders in
            defer { folders.removeAll() }
            return folders
        }
        for root in open { try? FileManager.default.removeItem(at: root) }
    }
}

extension LanguageServerCommand {
    /// The runner of this command's scenarios for the language server: in a runner process of this executable when
    /// the server is the process's command line (a step that crashes fails, and the server keeps answering), in
    /// the server's process otherwise.
    func editorRunner(languages: GherkinLanguages, languagesFile: String? = nil) -> EditorRunner {
        let command = self.command
        let name = context.name
        let processes = context.processArguments.map { _ in
            RunnerProcesses(
                arguments: [], environment: context.environment,
                root: PackageRoot.above(command.origin.filePath)?.path ?? FileManager.default.currentDirectoryPath)
        }
        return EditorRunner(variants: command.variant.values.map(\.description)) { request in
            await Self.run(
                request, command: command, languages: languages, languagesFile: languagesFile, name: name,
                processes: processes)
        }
    }

    /// Writes the document's text into a private folder of its own (0700) under the same relative path (so messages
    /// and failures name it as the editor does), runs it, and removes the folder.
    private static func run(
        _ request: EditorRunner.Request, command: SpecCommand<World, Variant>, languages: GherkinLanguages,
        languagesFile: String?, name: String, processes: RunnerProcesses?
    ) async -> EditorRunner.Outcome {
        let variant: Variant
        if let chosen = request.variant {
            guard let values = command.variant.values(for: chosen), values.count == 1, let value = values.first else {
                let known = command.variant.values.map(\.description).joined(separator: ", ")
                return .failed("speckit.variant '\(chosen)' is not one of \(known)")
            }
            variant = value
        } else {
            variant = command.variant.defaultValue
        }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(name)-lsp-run-\(UUID().uuidString)", isDirectory: true)
        defer { EditorRunner.removePrivateFolder(root) }
        let file = root.appendingPathComponent(request.relativePath)
        do {
            // Only this user may read the copy of an unsaved document.
            try EditorRunner.makePrivateFolder(root)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(request.text.utf8).write(to: file)
        } catch {
            return .failed("the scenario cannot be written to \(file.path) to run: \(error.localizedDescription)")
        }
        var configuration = RunConfiguration()
        configuration.uriBase = root.path
        configuration.languages = languages
        // The settings keep only a timeout in range; one that is not anyway is refused by the run, never a trap.
        configuration.stepTimeout = RunLimits.stepTimeoutOrOutOfRange(seconds: request.timeout)
        configuration.implementation = Product(name: name, version: "0.1.0")
        if !request.lines.isEmpty { configuration.lineFilters = [LineFilter(path: file.path, lines: request.lines)] }
        let session = processes.map {
            runnerSession(
                request, file: file, root: root, command: command,
                languagesFile: languagesFile, processes: $0)
        }
        configuration.remote = session
        let runner = SpecRunner(
            library: command.library, configuration: configuration, fileID: command.origin.fileID,
            filePath: command.origin.filePath, line: command.origin.line,
            makeWorld: { [makeWorld = command.makeWorld] scenario in try await makeWorld(variant, scenario) },
            tearDown: command.tearDown)
        let messages = MessageCollector()
        do throws(SpecRunError) {
            _ = try await runner.run(paths: [file.path], sink: messages)
        } catch {
            return .failed(error.message)
        }
        if let failure = session?.failureToStart { return .failed(failure) }
        return .finished(messages.envelopes)
    }

    /// The session running the document's copy in runner processes: the command's `run` with the editor's settings
    /// as options, without the configuration file.
    private static func runnerSession(
        _ request: EditorRunner.Request, file: URL, root: URL, command: SpecCommand<World, Variant>,
        languagesFile: String?, processes: RunnerProcesses
    ) -> RemoteSession {
        var arguments = ["run", ([file.path] + request.lines.map(String.init)).joined(separator: ":")]
        arguments += ["--timeout", String(request.timeout)]
        if let languagesFile { arguments += ["--languages", languagesFile] }
        if let chosen = request.variant, !command.variant.option.isEmpty {
            arguments += ["--\(command.variant.option)", chosen]
        }
        var processes = processes
        processes.arguments = arguments
        let instruction = RunnerInstruction(
            paths: [file.path], variant: 0, order: RunOrder.defined.description, idKey: nil, resume: nil,
            uriBase: root.path, readsConfigurationFile: false)
        // The editor's runs draw incrementing ids (the default), and write no report file: the stream is read as it
        // comes, as for a command run writing only the console and the message stream.
        return processes.session(
            instruction, ids: RunConfiguration().idStyle.makeSource(),
            readsAhead: FormatRequest.readsAhead(writing: []))
    }
}
