import Foundation
import Gherkin
import OptionParsing
import SpecKit

/// `NAME lsp [--specs PATH] [--languages FILE] [--stdio]`: the language server for editors, over standard input
/// and output. Exit status 0 after the client's `shutdown` and `exit`, 1 when the client leaves without them, 2 for
/// a usage error.
struct LanguageServerCommand<World: Actor, Variant: Sendable & CustomStringConvertible> {
    static var summary: String { "serve editors: the Language Server Protocol over stdio (completion, diagnostics...)" }

    let command: SpecCommand<World, Variant>
    let context: CommandContext

    private var name: String { context.name }

    var usage: String {
        """
        usage: \(name) lsp [--specs PATH] [--languages FILE] [--stdio]

        A Language Server Protocol 3.17 server for .feature files that knows this package's step library:
        diagnostics (a broken line costs only itself), did-you-mean, completion, hover, go to the Swift
        definition, uses, rename, workspace symbols, colouring, folding, quick fixes that write the step
        into the Swift library, the outline and formatting. An editor starts it and talks to it on standard
        input and output; it logs to standard error. See the README for editor set-up.

          --specs PATH       the folder of .feature files the server reads (completion, uses, rename),
                             relative to the package the editor opens (default: \(command.specsPath))
          --languages FILE   more languages, in the gherkin-languages.json format
                             (default: $GHERKIN_LANGUAGES when set)
          --stdio            accepted for editors that pass it; standard input and output are always used

        Exit status: 0 after shutdown and exit, 1 when the client leaves without them, 2 usage error.

        """
    }

    private static var parser: OptionParser {
        OptionParser(options: [
            .init(name: "--specs", short: nil, takesValue: true),
            .init(name: "--languages", short: nil, takesValue: true),
            .init(name: "--stdio", short: nil, takesValue: false),
        ])
    }

    func run(_ arguments: [String]) async -> Int32 {
        let parsed: OptionParser.Parsed
        do throws(OptionParser.Failure) {
            parsed = try Self.parser.parse(arguments)
        } catch {
            return usageFailure(error, usage: usage, command: "lsp", name: name)
        }
        if let extra = parsed.positionals.first {
            return usageFailure(.usage("unexpected argument '\(extra)'"), usage: usage, command: "lsp", name: name)
        }
        let languages: GherkinLanguages
        do {
            languages = try RunSettings.gherkinLanguages(
                option: parsed.value("--languages"), environment: context.environment)
        } catch {
            StandardStreams.writeError("\(name) lsp: \(error)\n")
            return 2
        }
        let catalog = StepCatalog(command.library)
        for problem in catalog.problems {
            StandardStreams.writeError("\(name) lsp: step library: \(problem)\n")
        }
        // Steps run from the editor are the package's own code: what they print must not reach the protocol, and
        // what they (or a process they start) read must not be taken from it. The protocol keeps standard input and
        // output for itself; everything else written to standard output goes to standard error, and standard input
        // reads nothing.
        let protocolInput = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3)
        let protocolOutput = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3)
        let nothing = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { if nothing >= 0 { close(nothing) } }
        guard protocolInput >= 0, protocolOutput >= 0, nothing >= 0, dup2(STDERR_FILENO, STDOUT_FILENO) >= 0,
            dup2(nothing, STDIN_FILENO) >= 0
        else {
            StandardStreams.writeError("\(name) lsp: standard input and output cannot be set apart for the protocol\n")
            return 2
        }
        // Before any step runs: a failed #expect in a step run from the editor fails it, as on the command line.
        if let warning = TestingIssueHandler.install().warning {
            StandardStreams.writeError("\(name) lsp: \(warning)\n")
        }
        let server = LanguageServer(
            connection: JSONRPCConnection(input: protocolInput, output: protocolOutput), catalog: catalog,
            languages: languages,
            specsPath: command.specsPath, explicitSpecs: parsed.value("--specs"), name: name)
        server.workspace.runner = editorRunner(languages: languages, languagesFile: parsed.value("--languages"))
        if context.processArguments != nil {
            // The process's own command line: `speckit.build` can build it and execute the new build in its place.
            let path = RunnerSpawn.executablePath
            server.workspace.executable = ServerBuild.Executable(
                path: path, arguments: CommandLine.arguments,
                modified: (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date)
            if let handover = context.environment[ServerHandover.variable] {
                unsetenv(ServerHandover.variable)
                server.resume = ServerHandover(readingAndRemoving: handover)
                if server.resume == nil {
                    StandardStreams.writeError("\(name) lsp: the session handed over in \(handover) cannot be read\n")
                }
            }
        }
        let status = server.run()
        EditorRunner.removePrivateFolders()
        return status
    }
}
