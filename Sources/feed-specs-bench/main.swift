// `feed-specs-bench`: benchmarks on generated corpora.
//
//     feed-specs-bench generate DIR [--shape templates|real-world] [--features N] [--scenarios M] [--seed S]
//                                   [--language CODE]
//     feed-specs-bench parse DIR... [--out FILE] [--serial]
//     feed-specs-bench run DIR... [--shape templates|real-world] [--parallel N] [--out FILE] [--dry-run]
//                                 [--catch-all [--step-ms N] | --no-steps] [--kept-mb N] [--console]
//                                 [--reports DIR [--html]]
//     feed-specs-bench regex [--texts N]
//     feed-specs-bench suggest [--rounds N]
//     feed-specs-bench command [run options...]      (FEED_SPECS_BENCH_STEP_MS=N: each step blocks N ms)
//
// Each subcommand is one entry of `allSubcommands()`, but `command`: the spec command itself (SpecKitCommand's `run`,
// reports and runner processes) with the catch-all step library, to time whole runs of the command, e.g. its runner
// processes against `--in-process`.

import Foundation
import Gherkin
import OptionParsing
import SpecKitCommand

struct Subcommand {
    let name: String
    let usage: String
    let run: ([String]) throws -> Void
}

func allSubcommands() -> [Subcommand] {
    [
        Subcommand(
            name: "generate",
            usage:
                "generate DIR [--shape templates|real-world] [--features N] [--scenarios M] [--seed S] [--language CODE]",
            run: runGenerate),
        Subcommand(name: "parse", usage: "parse DIR... [--out FILE] [--serial]", run: runParse),
        Subcommand(
            name: "run",
            usage:
                "run DIR... [--shape templates|real-world] [--parallel N] [--out FILE] [--dry-run]"
                + " [--catch-all [--step-ms N] | --no-steps]"
                + " [--kept-mb N] [--console] [--reports DIR [--html]]",
            run: runRun),
        Subcommand(name: "regex", usage: "regex [--texts N]", run: runRegex),
        Subcommand(name: "suggest", usage: "suggest [--rounds N]", run: runSuggest),
        Subcommand(name: "command", usage: "command [run options...]", run: { _ in }),
        Subcommand(name: "decode", usage: "decode FILE", run: runDecode),
    ]
}

func usageText() -> String {
    "usage:\n" + allSubcommands().map { "  feed-specs-bench \($0.usage)\n" }.joined()
}

/// Splits arguments into positional ones and `--name value` options, with the package's one option parser (the
/// flags are taken out first).
func options(_ arguments: [String], allowed: Set<String>) throws -> (positional: [String], named: [String: String]) {
    let parser = OptionParser(options: allowed.sorted().map { .init(name: $0, short: nil, takesValue: true) })
    do throws(OptionParser.Failure) {
        let parsed = try parser.parse(arguments)
        var named: [String: String] = [:]
        for name in allowed { named[name] = parsed.value(name) }
        return (parsed.positionals, named)
    } catch {
        throw BenchError(error == .help ? usageText() : error.description)
    }
}

func integer(_ named: [String: String], _ name: String, default value: Int, minimum: Int) throws -> Int {
    guard let text = named[name] else { return value }
    guard let number = Int(text), number >= minimum else {
        throw BenchError("\(name) needs a whole number of at least \(minimum), got '\(text)'")
    }
    return number
}

func runGenerate(_ arguments: [String]) throws {
    let (positional, named) = try options(
        arguments, allowed: ["--features", "--scenarios", "--seed", "--language", "--shape"])
    guard positional.count == 1, let directory = positional.first else { throw BenchError("generate needs one DIR") }
    if try CorpusShape(named["--shape"]) == .realWorld {
        guard named["--language"] == nil else { throw BenchError("--language applies to the templates shape only") }
        var generator = RealWorldGenerator()
        generator.features = try integer(named, "--features", default: generator.features, minimum: 1)
        generator.scenarios = try integer(named, "--scenarios", default: generator.scenarios, minimum: 1)
        if let seed = named["--seed"] {
            guard let value = UInt64(seed) else { throw BenchError("--seed needs a non-negative whole number") }
            generator.seed = value
        }
        try report(generator.write(to: directory), directory)
        return
    }
    var generator = CorpusGenerator()
    generator.features = try integer(named, "--features", default: generator.features, minimum: 1)
    generator.scenarios = try integer(named, "--scenarios", default: generator.scenarios, minimum: 0)
    if let seed = named["--seed"] {
        guard let value = UInt64(seed) else { throw BenchError("--seed needs a non-negative whole number") }
        generator.seed = value
    }
    if let code = named["--language"] {
        guard let dialect = GherkinLanguages.builtIn.dialect(for: code) else {
            throw BenchError("--language \(code): not a built-in Gherkin language")
        }
        generator.language = dialect
    }
    try report(generator.write(to: directory), directory)
}

/// Prints how many files and bytes were written.
func report(_ paths: [String], _ directory: String) throws {
    let bytes = try paths.reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: $1)[.size] as? Int ?? 0) }
    print("wrote \(paths.count) files, \(bytes) bytes, to \(directory)")
}

func runParse(_ arguments: [String]) throws {
    let serial = arguments.contains("--serial")
    let (positional, named) = try options(arguments.filter { $0 != "--serial" }, allowed: ["--out"])
    guard !positional.isEmpty else { throw BenchError("parse needs at least one DIR") }
    var benchmark = ParseBenchmark(directories: positional)
    benchmark.serial = serial
    if let out = named["--out"] { benchmark.output = out }
    print(try benchmark.run().summary)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "command" {
    let environment = ProcessInfo.processInfo.environment
    let stepMilliseconds = environment[RunBenchmark.stepMillisecondsVariable].flatMap { Int($0) } ?? 0
    await SpecCommand(
        name: "feed-specs-bench command", library: RunBenchmark.catchAllLibrary(stepMilliseconds: stepMilliseconds)
    ) { _ in BenchWorld() }
    .main(skippingLeadingArguments: 1)
}
guard let name = arguments.first, let subcommand = allSubcommands().first(where: { $0.name == name }) else {
    FileHandle.standardError.write(Data(usageText().utf8))
    exit(arguments.first.map { ["--help", "-h"].contains($0) } == true ? 0 : 2)
}
do {
    try subcommand.run(Array(arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("feed-specs-bench \(name): \(error)\n\n\(usageText())".utf8))
    exit(2)
}
