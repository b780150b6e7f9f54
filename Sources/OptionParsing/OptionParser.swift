import StepSuggestions

/// The one command-line option parser of every executable of the package (the harness's subcommands and profiles
/// written as a command line, the feed's command, the bench): `--flag`, `--option VALUE`,
/// `--option=VALUE`, repeatable options, positional arguments, and `--` to end the options. An unknown option is a
/// usage error naming the closest valid one.
package struct OptionParser: Sendable {
    /// One option a command accepts.
    package struct Option: Sendable {
        /// The long name, with its dashes (`--tags`).
        package let name: String
        /// A short alias (`-t`), if any.
        package let short: String?
        /// Whether the option takes a value.
        package let takesValue: Bool

        package init(name: String, short: String?, takesValue: Bool) {
            self.name = name
            self.short = short
            self.takesValue = takesValue
        }
    }

    /// What went wrong with the arguments.
    package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// `--help` or `-h` was given.
        case help
        /// A usage error, with its message.
        case usage(String)

        /// The usage error's message.
        package var description: String {
            switch self {
            case .help: "--help"
            case .usage(let message): message
            }
        }
    }

    /// The parsed arguments: options in the order given (repeatable ones appear several times) and positionals.
    package struct Parsed: Sendable {
        /// Each option given, with its value (empty for a flag).
        package var options: [(name: String, value: String)] = []
        /// The arguments that are not options.
        package var positionals: [String] = []

        /// The values given for `name`, in order.
        package func values(_ name: String) -> [String] {
            options.filter { $0.name == name }.map(\.value)
        }

        /// The last value given for `name`.
        package func value(_ name: String) -> String? {
            options.last { $0.name == name }?.value
        }

        /// Whether the flag `name` was given.
        package func has(_ name: String) -> Bool {
            options.contains { $0.name == name }
        }

        /// The value given for `name`, for an option that may be given only once.
        ///
        /// - Throws: a usage error when it was given more than once.
        package func single(_ name: String) throws(Failure) -> String? {
            let given = values(name)
            guard given.count <= 1 else { throw .usage("\(name) is given more than once") }
            return given.first
        }
    }

    package let options: [Option]

    package init(options: [Option]) { self.options = options }

    /// Parses `arguments`.
    package func parse(_ arguments: [String]) throws(Failure) -> Parsed {
        var parsed = Parsed()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            if argument == "--help" || argument == "-h" { throw .help }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.name == name || $0.short == name }) else {
                var message = "unknown option '\(name)'"
                if let suggestion = closest(to: name) { message += "; did you mean '\(suggestion)'?" }
                throw .usage(message)
            }
            if option.takesValue {
                if let inlineValue {
                    parsed.options.append((option.name, inlineValue))
                } else {
                    // `--out --format html`: the next argument is an option, not the value forgotten.
                    guard index < arguments.count, !isOption(arguments[index]) else {
                        throw .usage("\(option.name) needs a value")
                    }
                    parsed.options.append((option.name, arguments[index]))
                    index += 1
                }
            } else {
                if inlineValue != nil { throw .usage("\(option.name) takes no value") }
                parsed.options.append((option.name, ""))
            }
        }
        return parsed
    }

    /// The values of `arguments` by option name, for a command whose options each take a value given at most once
    /// and which takes no positional argument.
    ///
    /// - Throws: `.help` for `--help`, a usage error for an unexpected argument, an option given twice, or what
    ///   `parse(_:)` refuses.
    package func parseOnce(_ arguments: [String]) throws(Failure) -> [String: String] {
        let parsed = try parse(arguments)
        if let extra = parsed.positionals.first { throw .usage("unexpected argument '\(extra)'") }
        var values: [String: String] = [:]
        for option in options { values[option.name] = try parsed.single(option.name) }
        return values
    }

    /// The values of `arguments` by bare name (`url` for `--url VALUE`), for a command whose options are the
    /// `--NAME VALUE` of `names`, each given at most once, and which takes no positional argument.
    ///
    /// - Throws: as `parseOnce(_:)`.
    package static func values(_ arguments: [String], named names: some Sequence<String>) throws(Failure)
        -> [String: String]
    {
        let parser = OptionParser(options: names.sorted().map { Option(name: "--\($0)", short: nil, takesValue: true) })
        var values: [String: String] = [:]
        for (name, value) in try parser.parseOnce(arguments) { values[String(name.dropFirst(2))] = value }
        return values
    }

    /// Whether `argument` names one of the options (`--format`, `--format=html`, `-f`).
    private func isOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return false }
        let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
        return options.contains { $0.name == name || $0.short == name }
    }

    /// The valid option closest to `name` by edit distance, when it is close enough to be a typo.
    package func closest(to name: String) -> String? {
        let prefixMatch = options.first { $0.name.hasPrefix(name) && name.count > 2 }
        if let prefixMatch { return prefixMatch.name }
        return closestName(to: name, in: options.map(\.name))
    }
}
