import Foundation
import SpecKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The command's two sides of a run in runner processes: the session a run relays its hooks and test cases from, and
/// the runner process itself.
extension RunCommand {
    /// The session whose runner processes run the steps of the run of `paths` and variant `variant`, set as the
    /// configuration's remote; nil when the steps run in this process (`--in-process`, a dry run, which runs no step,
    /// or the command called as a library). `readsAhead`: whether the command reads the runner process's stream
    /// as it comes (`StreamBacklog`).
    func runnerSession(
        paths: [String], variant: Int, options: RunOptions, configuration: inout RunConfiguration, readsAhead: Bool
    ) -> RemoteSession? {
        guard let arguments = context.processArguments, !options.inProcess, !configuration.dryRun else { return nil }
        var instruction = RunnerInstruction(
            paths: paths, variant: variant, order: configuration.order.description, idKey: nil, resume: nil)
        if configuration.idStyle == .uuid {
            // The runner processes draw the same UUIDs as the command.
            let key = IdKey.random()
            configuration.idKey = key
            instruction.idKey = key
        }
        let processes = RunnerProcesses(
            arguments: arguments, environment: context.environment,
            root: PackageRoot.above(command.origin.filePath)?.path ?? FileManager.default.currentDirectoryPath)
        // `--parallel N`: N worker processes, each running the test cases handed to it.
        let session = RemoteSession(
            processes: processes, instruction: instruction,
            ids: configuration.idStyle.makeSource(key: configuration.idKey), workers: configuration.parallel,
            readsAhead: readsAhead, verdict: configuration.verdict, failFast: configuration.failFast)
        configuration.remote = session
        return session
    }

    /// A runner process (the command started it with `instruction`): runs its part of the run and writes the
    /// message stream to the descriptor its parent reads, nothing else. What the parent already said (the step
    /// library's problems, the random seed, lines that select nothing) it does not say again.
    func runAsRunnerProcess(
        _ instruction: RunnerInstruction, options: RunOptions, variants: [Variant]
    ) async -> Int32 {
        guard variants.indices.contains(instruction.variant) else {
            StandardStreams.writeError("\(name): the runner's instruction names variant \(instruction.variant)\n")
            return 2
        }
        let variant = variants[instruction.variant]
        var configuration: RunConfiguration
        do {
            configuration = try self.configuration(options, announcesOrder: false)
            configuration.order = try RunOrder(parsing: instruction.order)
        } catch {
            StandardStreams.writeError("\(name): \(error)\n")
            return 2
        }
        configuration.idKey = instruction.idKey
        configuration.resume = instruction.resume
        configuration.commandEmitsTestCases = true
        configuration.documentsRead = instruction.documents
        configuration.endsWithProcess = true
        if let worker = instruction.worker {
            // One of the worker processes of a parallel run: one worker here, running what the command hands it.
            var status = stat()
            guard fstat(RunnerInstruction.dispatchDescriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else {
                StandardStreams.writeError("\(name): worker \(worker) was started without its test cases' pipe\n")
                return 2
            }
            configuration.dispatch = PipeDispatch(descriptor: RunnerInstruction.dispatchDescriptor)
            configuration.workerName = String(worker)
            configuration.parallel = 1
        }
        if let uriBase = instruction.uriBase { configuration.uriBase = uriBase }
        // Steps that hold every thread past their timeout end this process (the command goes on in a new one), and
        // so does the command's end.
        RunnerGuard.start()
        _ = TestingIssueHandler.install()
        let runner = SpecRunner(
            library: command.library, configuration: configuration, fileID: command.origin.fileID,
            filePath: command.origin.filePath, line: command.origin.line,
            makeWorld: { [makeWorld = command.makeWorld] scenario in try await makeWorld(variant, scenario) },
            tearDown: command.tearDown)
        let sink = ChildStreamSink(
            descriptor: RunnerInstruction.streamDescriptor, journal: StreamJournal.inherited(),
            writesEachTestCase: instruction.worker != nil)
        do throws(SpecRunError) {
            _ = try await runner.run(runner.files(paths: instruction.paths), sink: sink)
        } catch {
            sink.finish()
            StandardStreams.writeError("\(name): \(error)\n")
            return 2
        }
        sink.finish()
        return 0
    }
}
