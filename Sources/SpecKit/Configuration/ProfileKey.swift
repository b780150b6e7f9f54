import Messages

/// One key a configuration-file profile may hold: its name in the file (cucumber-js's), the command-line option it
/// stands for (profiles may be written as command lines), what value it takes and where that value goes.
///
/// `ProfileKey.all` is the one table of them: reading the file, reading a profile written as a command line, and
/// the errors naming a key and its expected type all come from it.
public struct ProfileKey: Sendable {
    /// The kind of value a key takes.
    public enum Kind: Sendable, Hashable {
        /// A string.
        case text
        /// A string or an array of strings (each one added).
        case texts
        /// A whole number in the given range.
        case wholeNumber(ClosedRange<Int>)
        /// `true` or `false`.
        case flag
        /// `defined`, `reverse`, `random` or `random:SEED`.
        case order
        /// A number of seconds in `RunLimits.stepTimeoutSeconds`.
        case seconds
        /// `I/N`.
        case shard
        /// An array of `NAME[:PATH]` strings or `[NAME, PATH]` pairs.
        case formats
        /// Failure categories: an array of Allure's rules, or the path of a file of them (`FailureCategoryRules`).
        case categories

        /// What a value of this kind is, for error messages.
        public var expected: String {
            switch self {
            case .text: "a string"
            case .texts: "a string or an array of strings"
            case .wholeNumber(let range): RunLimits.expected(range)
            case .flag: "true or false"
            case .order: "\"defined\", \"reverse\", \"random\" or \"random:SEED\""
            case .seconds: RunLimits.stepTimeoutExpected
            case .shard: "\"I/N\" with 1 <= I <= N, e.g. \"1/4\""
            case .formats: "an array of \"NAME[:PATH]\" strings or [NAME, PATH] pairs"
            case .categories: FailureCategoryRules.expected
            }
        }
    }

    /// A value read for a key.
    enum Value {
        case text(String)
        case texts([String])
        case number(Int)
        case flag(Bool)
        case order(RunOrder)
        case seconds(Double)
        case shard(Shard)
        case categories([FailureCategory])
    }

    /// The key in the file (`retryTagFilter` style).
    public let key: String
    /// The long option it stands for in a profile written as a command line (`--tags`).
    public let option: String
    /// Its short option, if any (`-t`).
    public let short: String?
    /// For a flag, the option that sets it to false (`--no-strict`).
    public let negation: String?
    /// The value it takes.
    public let kind: Kind
    let store: @Sendable (inout ProfileSettings, Value) -> Void

    init(
        _ key: String, option: String, short: String? = nil, negation: String? = nil, kind: Kind,
        store: @escaping @Sendable (inout ProfileSettings, Value) -> Void
    ) {
        self.key = key
        self.option = option
        self.short = short
        self.negation = negation
        self.kind = kind
        self.store = store
    }

    /// Every key a profile may hold: cucumber-js's where it has the option, the command's own otherwise.
    public static let all: [ProfileKey] = [
        ProfileKey("paths", option: "", kind: .texts) { $0.paths += $1.texts },
        ProfileKey("tags", option: "--tags", short: "-t", kind: .texts) { $0.tags += $1.texts },
        ProfileKey("name", option: "--name", short: "-n", kind: .texts) { $0.names += $1.texts },
        ProfileKey("format", option: "--format", short: "-f", kind: .formats) { $0.formats += $1.texts },
        ProfileKey("exclusive", option: "--exclusive", kind: .texts) { $0.exclusive += $1.texts },
        // 0 is cucumber-js's "not in parallel": one at a time.
        ProfileKey("parallel", option: "--parallel", short: "-j", kind: .wholeNumber(0...RunLimits.parallel.upperBound))
        {
            $0.parallel = $1.number
        },
        ProfileKey("retry", option: "--retry", kind: .wholeNumber(RunLimits.retry)) { $0.retry = $1.number },
        ProfileKey("retryTagFilter", option: "--retry-tag-filter", kind: .text) { $0.retryTagFilter = $1.texts.last },
        ProfileKey("linkTags", option: "--link-tags", kind: .texts) { $0.linkTags += $1.texts },
        ProfileKey("environment", option: "--environment", kind: .texts) { $0.environment += $1.texts },
        ProfileKey("categories", option: "--categories", kind: .categories) {
            if case .categories(let rules) = $1 { $0.categories += rules }
        },
        ProfileKey("strict", option: "--strict", negation: "--no-strict", kind: .flag) { $0.strict = $1.flag },
        ProfileKey("dryRun", option: "--dry-run", short: "-d", kind: .flag) { $0.dryRun = $1.flag },
        ProfileKey("failFast", option: "--fail-fast", kind: .flag) { $0.failFast = $1.flag },
        ProfileKey("order", option: "--order", kind: .order) {
            if case .order(let order) = $1 { $0.order = order }
        },
        ProfileKey("timeout", option: "--timeout", kind: .seconds) {
            if case .seconds(let seconds) = $1 { $0.timeout = seconds }
        },
        ProfileKey("shard", option: "--shard", kind: .shard) {
            if case .shard(let shard) = $1 { $0.shard = shard }
        },
        ProfileKey("out", option: "--out", short: "-o", kind: .text) { $0.out = $1.texts.last },
        ProfileKey("title", option: "--title", kind: .text) { $0.title = $1.texts.last },
        ProfileKey("languages", option: "--languages", kind: .text) { $0.languages = $1.texts.last },
    ]

    /// cucumber-js options a profile may name that this runner does not have, with what to do instead.
    static let unsupported: [String: String] = [
        "language": "the default language of feature files is English: start a file with `# language: xx` instead",
        "require": "step definitions are Swift code compiled into the command: remove it",
        "requireModule": "step definitions are Swift code compiled into the command: remove it",
        "import": "step definitions are Swift code compiled into the command: remove it",
        "loader": "step definitions are Swift code compiled into the command: remove it",
        "worldParameters": "the world is made by Swift code: remove it",
        "formatOptions": "reports take no options: remove it",
        "publish": "reports are not published: remove it",
        "backtrace": "failures always show where they happened: remove it",
        "plugin": "there are no plugins: remove it",
        "pluginOptions": "there are no plugins: remove it",
        "exit": "the command always exits after the run: remove it",
        "forceExit": "the command always exits after the run: remove it",
    ]

    /// A key for a command's own option (`store` for `--store VALUE`), whose value goes to `ProfileSettings.extra`.
    static func extra(_ key: String) -> ProfileKey {
        ProfileKey(key, option: "--\(key)", kind: .text) { $0.extra[key] = $1.texts.last }
    }
}

extension ProfileKey.Value {
    var texts: [String] {
        switch self {
        case .text(let text): [text]
        case .texts(let texts): texts
        default: []
        }
    }

    var number: Int? {
        if case .number(let number) = self { return number }
        return nil
    }

    var flag: Bool? {
        if case .flag(let flag) = self { return flag }
        return nil
    }
}

extension ProfileKey {
    /// The value of `json` for this key, or nil when it is not of the expected kind.
    func value(of json: JSONValue) -> Value? {
        switch (kind, json) {
        case (.text, .string(let text)): return .text(text)
        case (.texts, .string(let text)): return .texts([text])
        case (.texts, .array(let items)):
            var texts: [String] = []
            for item in items {
                guard case .string(let text) = item else { return nil }
                texts.append(text)
            }
            return .texts(texts)
        case (.formats, .array(let items)):
            var formats: [String] = []
            for item in items {
                switch item {
                case .string(let text): formats.append(text)
                case .array(let pair) where (1...2).contains(pair.count):
                    var parts: [String] = []
                    for part in pair {
                        guard case .string(let text) = part else { return nil }
                        parts.append(text)
                    }
                    formats.append(parts.joined(separator: ":"))
                default: return nil
                }
            }
            return .texts(formats)
        case (.formats, .string(let text)): return .texts([text])
        case (.wholeNumber(let range), .number(let number)):
            guard number.isFinite, number.rounded() == number, number >= Double(range.lowerBound),
                number <= Double(range.upperBound)
            else {
                return nil
            }
            return .number(Int(number))
        case (.flag, .bool(let flag)): return .flag(flag)
        case (.seconds, .number(let seconds)):
            return RunLimits.stepTimeout(seconds: seconds) == nil ? nil : .seconds(seconds)
        case (.order, .string(let text)), (.shard, .string(let text)): return value(of: text)
        default: return nil
        }
    }

    /// The value of a command-line argument for this key, or nil when it is not of the expected kind.
    func value(of text: String) -> Value? {
        switch kind {
        case .text, .categories: return .text(text)
        case .texts, .formats: return .texts([text])
        case .wholeNumber(let range):
            guard let number = Int(text), range.contains(number) else { return nil }
            return .number(number)
        case .flag: return nil
        case .order: return (try? RunOrder(parsing: text)).map { .order($0) }
        case .seconds:
            guard let seconds = Double(text), RunLimits.stepTimeout(seconds: seconds) != nil else { return nil }
            return .seconds(seconds)
        case .shard: return (try? Shard(parsing: text)).map { .shard($0) }
        }
    }
}
