// A helper of the feed's crash-safety tests, not part of the feed: saves feeds into a store in a loop so a test can
// kill it at any moment (see `StressSave`). Tests run it from the build folder; no product declares it.

import FeedStressSave
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let output: @Sendable (String) -> Void = { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
let errorOutput: @Sendable (String) -> Void = { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }

do {
    let options = try StressSaveOptions.parse(Array(CommandLine.arguments.dropFirst()))
    exit(await StressSave(options: options, output: output, errorOutput: errorOutput).run())
} catch {
    errorOutput("feed-stress-save: error: \(error.message)")
    errorOutput(StressSaveOptions.usage)
    exit(2)
}
