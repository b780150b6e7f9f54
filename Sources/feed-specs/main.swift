// The `feed-specs` command line: `feed-specs <command> [arguments]`.
//
// Each command is one entry of `allCommands()`: add a command by adding a type with a `run(_:)` that returns the
// exit status, and a line here.

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A subcommand: its name, a one-line summary for the usage text, and what runs it.
struct Command {
    let name: String
    let summary: String
    let run: ([String]) async -> Int32
}

func allCommands() -> [Command] {
    [
        Command(name: "run", summary: RunCommand.summary, run: RunCommand.run),
        Command(name: "steps", summary: StepsCommand.summary, run: StepsCommand.run),
        Command(name: "merge", summary: MergeCommand.summary, run: MergeCommand.run),
        Command(name: "gherkin", summary: GherkinCommand.summary, run: GherkinCommand.run),
    ]
}

func usage() -> String {
    var text = "usage: feed-specs [command] [arguments]\n\ncommands:\n"
    for command in allCommands() {
        text += "  \(command.name.padding(toLength: 10, withPad: " ", startingAt: 0))\(command.summary)\n"
    }
    text += """

        Without a command, `feed-specs` runs the specs: `feed-specs [PATH[:LINE]...] [options]` is
        `feed-specs run ...`. Run `feed-specs <command> --help` for a command's arguments, e.g.
        `feed-specs run --help`.

        """
    return text
}

let arguments = Array(CommandLine.arguments.dropFirst())
if let name = arguments.first, name == "--help" || name == "-h" || name == "help" {
    StandardStreams.write(usage())
    exit(0)
}
if let name = arguments.first, let command = allCommands().first(where: { $0.name == name }) {
    exit(await command.run(Array(arguments.dropFirst())))
}
if let name = arguments.first, !name.hasPrefix("-"), !name.hasPrefix("@"), !name.contains("/"),
    !name.contains("."), !FileManager.default.fileExists(atPath: name)
{
    // Neither a command nor a path: most likely a mistyped command.
    let closest = allCommands().map(\.name).min { editDistance(name, $0) < editDistance(name, $1) }
    var message = "feed-specs: unknown command '\(name)'"
    if let closest, editDistance(name, closest) <= 2 { message += "; did you mean '\(closest)'?" }
    StandardStreams.writeError(message + "\n\n" + usage())
    exit(2)
}
exit(await RunCommand.run(arguments))
