import Foundation
import Gherkin
import Messages
import OptionParsing
import SpecKit

/// `NAME gherkin [--no-source] [--no-ast] [--no-pickles] [--languages FILE] FILE...`: parses feature files
/// and writes their messages as NDJSON to standard output, and each error as `file:line:column: message` to
/// standard error. Exit status 0 when every file parsed, 1 when any had errors, 2 for a usage error.
struct GherkinCommand {
    static let summary = "parse .feature files into Cucumber Messages (NDJSON on standard output)"

    let context: CommandContext

    var usage: String {
        """
        usage: \(context.name) gherkin [--no-source] [--no-ast] [--no-pickles] [--languages FILE] FILE...

        Writes one JSON envelope per line: for each file its `source`, then its `gherkinDocument` and
        `pickle`s, or its `parseError`s. Errors are also printed to standard error as file:line:column: message.

          --no-source        leave out the source envelopes
          --no-ast           leave out the gherkinDocument envelopes
          --no-pickles       do not compile pickles
          --languages FILE   more languages, in the gherkin-languages.json format
                             (default: $GHERKIN_LANGUAGES when set)

        Exit status: 0 every file parsed, 1 some file had errors, 2 usage error.

        """
    }

    struct Options: Equatable {
        var source = true
        var ast = true
        var pickles = true
        var languagesFile: String?
        var files: [String] = []
    }

    private static let parser = OptionParser(options: [
        .init(name: "--no-source", short: nil, takesValue: false),
        .init(name: "--no-ast", short: nil, takesValue: false),
        .init(name: "--no-pickles", short: nil, takesValue: false),
        .init(name: "--languages", short: nil, takesValue: true),
    ])

    static func parseArguments(_ arguments: [String]) throws(OptionParser.Failure) -> Options {
        let parsed = try parser.parse(arguments)
        let options = Options(
            source: !parsed.has("--no-source"), ast: !parsed.has("--no-ast"), pickles: !parsed.has("--no-pickles"),
            languagesFile: parsed.value("--languages"), files: parsed.positionals)
        if options.files.isEmpty { throw .usage("no FILE given") }
        return options
    }

    func run(_ arguments: [String]) async -> Int32 {
        let options: Options
        do throws(OptionParser.Failure) {
            options = try Self.parseArguments(arguments)
        } catch {
            return usageFailure(error, usage: usage, command: "gherkin", name: context.name)
        }
        let languages: GherkinLanguages
        do {
            languages = try RunSettings.gherkinLanguages(
                option: options.languagesFile, environment: context.environment)
        } catch {
            StandardStreams.writeError("\(context.name) gherkin: \(error)\n")
            return 2
        }
        var output = NDJSONWriter.standardOutput()
        var ids = IncrementingIdGenerator()
        var status: Int32 = 0
        do {
            for file in options.files {
                status = max(
                    status, try Self.parseFile(file, options: options, languages: languages, ids: &ids, output: &output)
                )
            }
            try output.flush()
        } catch {
            StandardStreams.writeError("\(context.name) gherkin: \(error)\n")
            return 1
        }
        return status
    }

    /// Parses one file and writes its envelopes; returns 1 when it has errors or cannot be read.
    private static func parseFile(
        _ file: String, options: Options, languages: GherkinLanguages, ids: inout IncrementingIdGenerator,
        output: inout NDJSONWriter
    ) throws(NDJSONWriteError) -> Int32 {
        guard let data = FileManager.default.contents(atPath: file) else {
            try output.flush()
            StandardStreams.writeError("\(file): cannot read the file\n")
            return 1
        }
        let result = Gherkin.parseFile(
            uri: file, data: data, languages: languages, pickles: options.pickles, idGenerator: &ids)
        if options.source, let source = result.source {
            try output.write(.source(source))
        }
        if result.errors.isEmpty {
            if options.ast, let document = result.document {
                try output.write(.gherkinDocument(document))
            }
            if result.document?.feature == nil {
                // Valid Gherkin (the official parsers accept it), but most likely not what the author meant.
                try output.flush()
                StandardStreams.writeError("\(file): warning: no Feature in this file\n")
            }
            for pickle in result.pickles {
                try output.write(.pickle(pickle))
            }
            return 0
        }
        for error in result.errors {
            try output.write(.parseError(error.parseError))
        }
        try output.flush()
        StandardStreams.writeError(result.errors.map { "\($0)\n" }.joined())
        return 1
    }
}
