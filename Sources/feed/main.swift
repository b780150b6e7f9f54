import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let command = FeedCommand(
    output: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) },
    errorOutput: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
)
exit(await command.run(Array(CommandLine.arguments.dropFirst())))
