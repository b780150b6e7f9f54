// The `feed-specs` command line: `feed-specs <command> [arguments]`.
//
// Each command is one entry of `allCommands()`: add a command by adding a type with a `run(_:)` that returns the
// exit status, and a line here.

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
        Command(name: "gherkin", summary: GherkinCommand.summary, run: GherkinCommand.run),
        Command(name: "merge", summary: MergeCommand.summary, run: MergeCommand.run),
    ]
}

func usage() -> String {
    let commands = allCommands()
    var text = "usage: feed-specs <command> [arguments]\n\ncommands:\n"
    for command in commands {
        text += "  \(command.name.padding(toLength: 10, withPad: " ", startingAt: 0))\(command.summary)\n"
    }
    text += "\nRun `feed-specs <command> --help` for a command's arguments.\n"
    return text
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first else {
    StandardStreams.writeError(usage())
    exit(2)
}
if name == "--help" || name == "-h" || name == "help" {
    StandardStreams.write(usage())
    exit(0)
}
guard let command = allCommands().first(where: { $0.name == name }) else {
    StandardStreams.writeError("feed-specs: unknown command '\(name)'\n\n" + usage())
    exit(2)
}
exit(await command.run(Array(arguments.dropFirst())))
