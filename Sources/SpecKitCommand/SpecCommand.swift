import Foundation
import Messages
import SpecKit
import StepSuggestions

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Your package's spec runner on the command line: one call in an executable's `main.swift` gives it every
/// sub-command of `feed-specs`: `run` (the default: progress, summary and the reports), `steps` (the step catalog),
/// `lsp` (the language server for editors), `gherkin` (the parser's messages) and `merge` (one report from shards), with their options and exit statuses.
///
/// ```swift
/// // Sources/shop-specs/main.swift
/// import ShopAcceptance
/// import SpecKitCommand
///
/// await SpecCommand.main(library: ShopSteps.library()) { _ in ShopWorld() }
/// ```
///
/// `swift run shop-specs` then runs `Specs/`; `swift run shop-specs --help` lists the sub-commands. To run every
/// scenario against several setups (stores, locales...), give a `VariantOption`: it becomes an option of `run`.
public struct SpecCommand<World: Actor, Variant: Sendable & CustomStringConvertible>: Sendable {
    /// The command's name in its usage and messages (by default the executable's file name).
    public var name: String
    /// The title of the HTML and Markdown reports.
    public var title: String
    /// The folder of `.feature` files run when no path is given (default: `$SPECKIT_SPECS`, else `Specs` in the
    /// working folder, else `Specs` beside the `Package.swift` of the file that makes the command).
    public var specsPath: String
    /// The folder `.feature` uris are written relative to: the package root when the specs were found there from
    /// another working folder (nil: the working folder).
    var uriBase: String?
    let library: StepLibrary<World>
    let variant: VariantOption<Variant>
    let makeWorld: @Sendable (Variant, ScenarioInfo) async throws -> World
    let tearDown: (@Sendable (World) async throws -> Void)?
    /// Where the command is made: the `tearDown` hook's place in reports (`After # shop-specs/main.swift:4`).
    let origin: (fileID: String, filePath: String, line: Int)

    /// A command whose scenarios run against each value `variant` lets the user pick (`--store file`), or all of
    /// them one after the other (`--store all`).
    ///
    /// - Parameters:
    ///   - name: the command's name in its usage and messages; by default the executable's file name.
    ///   - title: the title of the HTML and Markdown reports.
    ///   - specs: the default folder of `.feature` files.
    ///   - library: the step definitions, parameter types and hooks.
    ///   - variant: the option choosing what every scenario runs against.
    ///   - makeWorld: makes the fresh world of one scenario for one variant.
    ///   - tearDown: runs after each scenario, whatever happened (remove temporary files here).
    ///   - fileID: where the command is made (with `filePath` and `line`): the `tearDown` hook's place in reports.
    ///   - filePath: the file where the command is made.
    ///   - line: the line where the command is made.
    public init(
        name: String? = nil, title: String = "Acceptance specs", specs: String? = nil, library: StepLibrary<World>,
        variant: VariantOption<Variant>,
        makeWorld: @escaping @Sendable (Variant, ScenarioInfo) async throws -> World,
        tearDown: (@Sendable (World) async throws -> Void)? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
    ) {
        self.name = name ?? Self.executableName
        self.title = title
        let found = Self.defaultSpecs(
            ProcessInfo.processInfo.environment, origin: filePath,
            workingFolder: FileManager.default.currentDirectoryPath)
        self.specsPath = specs ?? found.path
        self.uriBase = specs == nil ? found.uriBase : nil
        self.library = library
        self.variant = variant
        self.makeWorld = makeWorld
        self.tearDown = tearDown
        self.origin = (fileID, filePath, line)
    }

    /// Runs the command line `arguments` (without the executable) and returns the exit status: 0 the run passed,
    /// 1 it failed, 2 a usage error or a path that does not exist.
    public func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) async
        -> Int32
    {
        await run(arguments, environment: environment, processArguments: nil)
    }

    /// Runs `arguments`; `processArguments` are this process's own (`main()`), which a run gives the runner
    /// processes of the same executable it starts (nil: the steps run in this process).
    func run(_ arguments: [String], environment: [String: String], processArguments: [String]?) async -> Int32 {
        let context = CommandContext(name: name, environment: environment, processArguments: processArguments)
        let commands = subcommands(context)
        if let first = arguments.first, ["--help", "-h", "help"].contains(first) {
            StandardStreams.write(usage(commands))
            return 0
        }
        if let first = arguments.first, let command = commands.first(where: { $0.name == first }) {
            return await command.run(Array(arguments.dropFirst()))
        }
        if let first = arguments.first, Self.looksLikeCommand(first) {
            // Neither a command nor an option: a mistyped command, or a path that does not exist.
            if let closest = closestName(to: first, in: commands.map(\.name)) {
                StandardStreams.writeError(
                    "\(name): unknown command '\(first)'; did you mean '\(closest)'?\n\n" + usage(commands))
                return 2
            }
        }
        return await RunCommand(command: self, context: context).run(arguments)
    }

    /// Runs the process's arguments and exits with the exit status.
    public func main() async -> Never {
        await main(skippingLeadingArguments: 0)
    }

    /// Runs the process's arguments after the first `leading` ones (for a tool that hosts the command under a
    /// command of its own, `tool specs run …`) and exits with the exit status. The runner processes a run starts
    /// are the same executable with the same arguments, leading ones included.
    public func main(skippingLeadingArguments leading: Int) async -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let status = await run(
            Array(arguments.dropFirst(leading)), environment: ProcessInfo.processInfo.environment,
            processArguments: arguments)
        RunnerProcesses.terminateAll()
        // An interrupt being answered ends the run's runner process, so the run may return first: the answer's exit
        // status (130, once the reports are written) is the command's.
        while Interrupts.isAnswering { pause() }
        exit(status)
    }

    private func subcommands(_ context: CommandContext) -> [Subcommand] {
        [
            Subcommand(name: "run", summary: RunCommand<World, Variant>.summary) { arguments in
                await RunCommand(command: self, context: context).run(arguments)
            },
            Subcommand(name: "steps", summary: StepsCommand<World, Variant>.summary) { arguments in
                await StepsCommand(command: self, context: context).run(arguments)
            },
            Subcommand(name: "lsp", summary: LanguageServerCommand<World, Variant>.summary) { arguments in
                await LanguageServerCommand(command: self, context: context).run(arguments)
            },
            Subcommand(name: "merge", summary: MergeCommand.summary) { arguments in
                await MergeCommand(context: context, title: title).run(arguments)
            },
            Subcommand(name: "gherkin", summary: GherkinCommand.summary) { arguments in
                await GherkinCommand(context: context).run(arguments)
            },
        ]
    }

    private func usage(_ commands: [Subcommand]) -> String {
        var text = "usage: \(name) [command] [arguments]\n\ncommands:\n"
        for command in commands {
            text += "  \(command.name.padding(toLength: 10, withPad: " ", startingAt: 0))\(command.summary)\n"
        }
        text += """

            Without a command, `\(name)` runs the specs: `\(name) [PATH[:LINE]...] [options]` is
            `\(name) run ...`. Run `\(name) <command> --help` for a command's arguments, e.g.
            `\(name) run --help`.

            """
        return text
    }

    /// Whether a first argument reads like a command name rather than a path or an option.
    private static func looksLikeCommand(_ word: String) -> Bool {
        !word.hasPrefix("-") && !word.hasPrefix("@") && !word.contains("/") && !word.contains(".")
            && !FileManager.default.fileExists(atPath: word)
    }

    static var executableName: String {
        URL(fileURLWithPath: CommandLine.arguments.first ?? "specs").lastPathComponent
    }

    /// `$SPECKIT_SPECS`, else `Specs` in `workingFolder`, else `Specs` beside the `Package.swift` above `origin`
    /// (with that package root as the uris' base), else `Specs`.
    static func defaultSpecs(_ environment: [String: String], origin: String, workingFolder: String) -> (
        path: String, uriBase: String?
    ) {
        if let specs = SpecsFolder.override(in: environment) { return (specs, nil) }
        let local = URL(fileURLWithPath: workingFolder).appendingPathComponent("Specs")
        if FileManager.default.fileExists(atPath: local.path) { return ("Specs", nil) }
        if let root = PackageRoot.above(origin) {
            let specs = root.appendingPathComponent("Specs")
            if FileManager.default.fileExists(atPath: specs.path) { return (specs.path, root.path) }
        }
        return ("Specs", nil)
    }
}

extension SpecCommand where Variant == SingleVariant {
    /// A command whose scenarios all run the same way.
    ///
    /// - Parameters:
    ///   - name: the command's name in its usage and messages; by default the executable's file name.
    ///   - title: the title of the HTML and Markdown reports.
    ///   - specs: the default folder of `.feature` files.
    ///   - library: the step definitions, parameter types and hooks.
    ///   - makeWorld: makes the fresh world of one scenario.
    ///   - tearDown: runs after each scenario, whatever happened.
    ///   - fileID: where the command is made (with `filePath` and `line`): the `tearDown` hook's place in reports.
    ///   - filePath: the file where the command is made.
    ///   - line: the line where the command is made.
    public init(
        name: String? = nil, title: String = "Acceptance specs", specs: String? = nil, library: StepLibrary<World>,
        makeWorld: @escaping @Sendable (ScenarioInfo) async throws -> World,
        tearDown: (@Sendable (World) async throws -> Void)? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
    ) {
        self.init(
            name: name, title: title, specs: specs, library: library, variant: .single,
            makeWorld: { _, scenario in try await makeWorld(scenario) }, tearDown: tearDown, fileID: fileID,
            filePath: filePath, line: line)
    }

    /// Runs the process's arguments with a command made of these parts, and exits.
    ///
    /// ```swift
    /// await SpecCommand.main(library: ShopSteps.library()) { _ in ShopWorld() }
    /// ```
    public static func main(
        name: String? = nil, title: String = "Acceptance specs", specs: String? = nil, library: StepLibrary<World>,
        makeWorld: @escaping @Sendable (ScenarioInfo) async throws -> World,
        tearDown: (@Sendable (World) async throws -> Void)? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line
    ) async -> Never {
        await SpecCommand(
            name: name, title: title, specs: specs, library: library, makeWorld: makeWorld, tearDown: tearDown,
            fileID: fileID, filePath: filePath, line: line
        ).main()
    }
}

/// What every sub-command knows: the command's name and the environment.
struct CommandContext: Sendable {
    let name: String
    let environment: [String: String]
    /// The process's own arguments (without the executable) when the command runs as the process's command line,
    /// which a run gives its runner processes; nil when called as a library (the steps then run in this process).
    var processArguments: [String]? = nil
}

/// One sub-command: its name, a one-line summary for the usage, and what runs it.
struct Subcommand {
    let name: String
    let summary: String
    let run: ([String]) async -> Int32
}
