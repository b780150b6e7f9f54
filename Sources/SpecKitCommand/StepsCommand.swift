import CucumberExpressions
import Foundation
import Messages
import OptionParsing
import SpecKit
import SpecReports

/// `NAME steps [PATH...] [--unused] [--markdown]`: the step catalog for product owners: every step expression with
/// its parameter types, an example from the specs, its Swift location and how often it is used; unused
/// definitions flagged. Exit status 0, 1 when `--unused` finds unused definitions, 2 for a usage error.
struct StepsCommand<World: Actor, Variant: Sendable & CustomStringConvertible> {
    static var summary: String { "list the steps the specs can use, with examples and usage counts" }

    let command: SpecCommand<World, Variant>
    let context: CommandContext

    private var name: String { context.name }

    var usage: String {
        """
        usage: \(name) steps [PATH...] [--unused] [--markdown]

        Lists every step the step library understands: the expression to write in a .feature file, its
        parameters, an example taken from the specs (PATH: .feature files or folders; default: \(command.specsPath)), where it
        is defined in Swift, and how many steps of the specs use it. Definitions no step uses are flagged.
        Nothing is run: the steps are only matched.

          --unused     list only the unused definitions (exit status 1 when there are some)
          --markdown   write a Markdown table instead of text

        Exit status: 0, or 1 with --unused when some definition is unused; 2 usage error.

        """
    }

    private static var parser: OptionParser {
        OptionParser(options: [
            .init(name: "--unused", short: nil, takesValue: false),
            .init(name: "--markdown", short: nil, takesValue: false),
        ])
    }

    /// One line of the catalog.
    struct Entry {
        var expression: String
        var isRegularExpression: Bool
        var parameters: [String]
        var location: String
        var uses: Int
        var example: (text: String, location: String)?
    }

    func run(_ arguments: [String]) async -> Int32 {
        let parsed: OptionParser.Parsed
        do throws(OptionParser.Failure) {
            parsed = try Self.parser.parse(arguments)
        } catch {
            return usageFailure(error, usage: usage, command: "steps", name: name)
        }
        var paths = parsed.positionals
        if paths.isEmpty { paths = [command.specsPath] }
        var configuration = RunConfiguration()
        configuration.dryRun = true
        configuration.strict = false
        configuration.uriBase = command.uriBase
        let variant = command.variant.defaultValue
        let runner = SpecRunner(
            library: command.library, configuration: configuration,
            makeWorld: { [makeWorld = command.makeWorld] scenario in try await makeWorld(variant, scenario) })
        let messages = MessageCollector()
        do throws(SpecRunError) {
            _ = try await runner.run(paths: paths, sink: messages)
        } catch {
            StandardStreams.writeError("\(name) steps: \(error)\n")
            return 2
        }
        let query = RunQuery()
        query.update(contentsOf: messages.envelopes)
        let entries = Self.catalog(query: query, library: command.library)
        let shown = parsed.has("--unused") ? entries.filter { $0.uses == 0 } : entries
        StandardStreams.write(
            parsed.has("--markdown") ? Self.markdown(shown, all: entries) : Self.text(shown, all: entries))
        if parsed.has("--unused") && !shown.isEmpty { return 1 }
        return 0
    }

    /// The entries, in the library's order.
    static func catalog(query: RunQuery, library: StepLibrary<World>) -> [Entry] {
        let usageById = Dictionary(query.stepUsage().map { ($0.definition.id, $0) }, uniquingKeysWith: { a, _ in a })
        let messages = query.stepDefinitions
        let registry = library.parameterTypes
        var entries: [Entry] = []
        for (index, definition) in library.definitions.enumerated() {
            var parameters: [String] = []
            if !definition.isRegularExpression,
                let expression = try? CucumberExpression(definition.pattern, registry: registry)
            {
                let types = definition.argumentTypes
                for (position, parameter) in expression.parameterTypes.enumerated() {
                    let name = "{\(parameter.name ?? "")}"
                    parameters.append(position < types.count ? "\(name) → \(types[position])" : name)
                }
            } else if definition.isRegularExpression {
                parameters = definition.argumentTypes.filter { $0 != "DataTable" && $0 != "DocString" }
            }
            if definition.argumentTypes.last == "DataTable" { parameters.append("a data table") }
            if definition.argumentTypes.last == "DocString" { parameters.append("a doc string") }
            // The stream lists the definitions in the library's order, so the nth `stepDefinition` is this one.
            let message = index < messages.count ? messages[index] : nil
            let matches =
                message.flatMap { $0.pattern.source == definition.pattern ? usageById[$0.id]?.matches : nil } ?? []
            let example = matches.min { $0.location < $1.location }
            entries.append(
                Entry(
                    expression: definition.pattern, isRegularExpression: definition.isRegularExpression,
                    parameters: parameters, location: definition.location.description,
                    uses: Set(matches.map(\.location)).count,
                    example: example.map { ($0.text, $0.location) }))
        }
        return entries
    }

    static func text(_ entries: [Entry], all: [Entry]) -> String {
        let unused = all.filter { $0.uses == 0 }.count
        var text = "\(all.count) step definitions, \(all.count - unused) used, \(unused) unused\n"
        for entry in entries {
            text += "\n" + (entry.isRegularExpression ? "/\(entry.expression)/" : entry.expression) + "\n"
            if !entry.parameters.isEmpty { text += "  parameters: \(entry.parameters.joined(separator: ", "))\n" }
            if let example = entry.example { text += "  example:    \(example.text)   (\(example.location))\n" }
            text += "  defined at: \(entry.location)\n"
            text +=
                entry.uses == 0
                ? "  used by:    no step (UNUSED)\n" : "  used by:    \(entry.uses) step\(entry.uses == 1 ? "" : "s")\n"
        }
        return text
    }

    static func markdown(_ entries: [Entry], all: [Entry]) -> String {
        func cell(_ text: String) -> String {
            text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
        }
        let unused = all.filter { $0.uses == 0 }.count
        var text = "# Step catalog\n\n\(all.count) step definitions, \(all.count - unused) used, \(unused) unused.\n\n"
        text += "| Step | Parameters | Example | Defined at | Used by (steps) |\n|---|---|---|---|---|\n"
        for entry in entries {
            let expression = entry.isRegularExpression ? "/\(entry.expression)/" : entry.expression
            let example = entry.example.map { "\($0.text) (\($0.location))" } ?? ""
            text += "| `\(cell(expression))` | \(cell(entry.parameters.joined(separator: ", "))) | \(cell(example)) "
            text += "| \(cell(entry.location)) | \(entry.uses == 0 ? "**unused**" : "\(entry.uses)") |\n"
        }
        return text
    }
}
