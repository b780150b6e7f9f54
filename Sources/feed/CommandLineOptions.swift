import Feed
import FeedInfrastructure
import Foundation
import OptionParsing

/// A mistake on the command line: reported as one line followed by the usage, with exit status 2.
struct UsageError: Error, Equatable {
    let message: String
}

/// Where and how the cache is kept, and the clock and policy the use cases see.
struct CacheOptions: Equatable {
    var store: StoreKind = .file
    /// The cache file or database; `nil` means the default location for the store.
    var path: String?
    /// The time the use cases see; `nil` means the system clock.
    var now: Date?
    var maxAgeDays: Int = FeedCachePolicy.defaultMaxAgeInDays
}

/// `feed load`.
struct LoadOptions: Equatable {
    var url: URL
    var contract: FeedContract = .items
    var cache = CacheOptions()
    var timeout: TimeInterval = 30
    /// The largest feed body accepted, in bytes after decompression.
    var maximumBodySize = URLSessionHTTPClient.defaultMaximumBodySize
}

/// What the command line asks for.
enum Command: Equatable {
    case load(LoadOptions)
    case validate(CacheOptions)
    case help
}

enum CommandLineParser {
    /// The short usage printed after a command-line mistake.
    static let synopsis = """
        usage: feed load --url URL [--contract items|photos] [--store memory|file|sqlite] [--path PATH]
                         [--now ISO8601] [--max-age-days N] [--timeout SECONDS] [--max-size SIZE]
               feed validate [--store memory|file|sqlite] [--path PATH] [--now ISO8601] [--max-age-days N]
               feed help
        """

    /// The full usage printed by `feed help`.
    static let usage =
        synopsis + """


              load      loads the feed from URL (falling back on the cache), prints one line per image
                        (id, description, location, URL; tab-separated, "-" when absent) or the error message;
                        exits 0 when images are shown, 1 when the error message is
              validate  deletes the cache when it is expired or unreadable, then describes what is left

              --contract      the payload contract of URL: items (default) or photos
              --store         where the cache is kept (default: file)
              --path          the cache file or database (default: feed.json or feed.sqlite in the user's cache
                              directory, under feed-specs/)
              --now           the current time as the use cases see it, e.g. 2025-05-20T06:02:00Z (default: the clock)
              --max-age-days  how many days a cached feed stays fresh (default: 7)
              --timeout       seconds the whole request may take before the cache is used instead (default: 30)
              --max-size      the largest feed accepted, in bytes or with a unit: 500KB, 10MB (default: 10MB);
                              a larger answer is refused as soon as it passes the limit, compressed or not
            """

    /// The options each command accepts.
    private static let allowedOptions: [String: Set<String>] = [
        "load": ["url", "contract", "store", "path", "now", "max-age-days", "timeout", "max-size"],
        "validate": ["store", "path", "now", "max-age-days"],
    ]

    /// Parses the arguments that follow the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let subcommand = arguments.first else { throw UsageError(message: "missing command") }
        if ["help", "--help", "-h"].contains(subcommand) { return .help }
        guard let allowed = allowedOptions[subcommand] else {
            throw UsageError(message: "unknown command '\(subcommand)' (expected load, validate or help)")
        }
        guard let options = try parseOptions(Array(arguments.dropFirst()), allowed: allowed) else {
            return .help
        }
        return subcommand == "load" ? .load(try loadOptions(options)) : .validate(try cacheOptions(options))
    }

    private static func loadOptions(_ options: [String: String]) throws(UsageError) -> LoadOptions {
        guard let text = options["url"] else { throw UsageError(message: "load needs --url URL") }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else {
            throw UsageError(message: "--url '\(text)' is not an http or https URL")
        }
        var load = LoadOptions(url: url, cache: try cacheOptions(options))
        if let contract = options["contract"] {
            guard let value = FeedContract(rawValue: contract) else {
                throw UsageError(message: "--contract '\(contract)' is not one of items, photos")
            }
            load.contract = value
        }
        if let timeout = options["timeout"] {
            guard let seconds = TimeInterval(timeout), seconds.isFinite, seconds > 0 else {
                throw UsageError(message: "--timeout '\(timeout)' is not a positive number of seconds")
            }
            load.timeout = seconds
        }
        if let size = options["max-size"] {
            guard let bytes = parseSize(size) else {
                throw UsageError(message: "--max-size '\(size)' is not a size in bytes, KB or MB, e.g. 10MB")
            }
            load.maximumBodySize = bytes
        }
        return load
    }

    /// A positive size: a whole number of bytes, or a number followed by KB or MB (powers of 1024).
    static func parseSize(_ text: String) -> Int? {
        let upper = text.uppercased()
        let units: [(String, Double)] = [("MB", 1024 * 1024), ("KB", 1024), ("B", 1)]
        let (number, factor) =
            units.first { upper.hasSuffix($0.0) }.map { (String(upper.dropLast($0.0.count)), $0.1) } ?? (upper, 1)
        guard let value = Double(number.trimmingCharacters(in: .whitespaces)), value.isFinite, value > 0,
            value * factor <= Double(Int32.max)
        else { return nil }
        return Int((value * factor).rounded(.down))
    }

    private static func cacheOptions(_ options: [String: String]) throws(UsageError) -> CacheOptions {
        var cache = CacheOptions()
        if let store = options["store"] {
            guard let value = StoreKind(rawValue: store) else {
                throw UsageError(message: "--store '\(store)' is not one of memory, file, sqlite")
            }
            cache.store = value
        }
        if let path = options["path"] {
            guard cache.store != .memory else {
                throw UsageError(message: "--path is for the file and sqlite stores, not the memory store")
            }
            guard !path.isEmpty else { throw UsageError(message: "--path is empty") }
            cache.path = path
        }
        if let now = options["now"] {
            guard let date = parseDate(now) else {
                throw UsageError(message: "--now '\(now)' is not an ISO 8601 date and time, e.g. 2025-05-20T06:02:00Z")
            }
            cache.now = date
        }
        if let days = options["max-age-days"] {
            guard let value = Int(days), value >= 0 else {
                throw UsageError(message: "--max-age-days '\(days)' is not a whole number of days, 0 or more")
            }
            cache.maxAgeDays = value
        }
        return cache
    }

    /// Reads `--name value` and `--name=value` pairs (each option at most once) into a dictionary by name
    /// without its dashes, with the package's one option parser; `nil` when `--help` is among them.
    private static func parseOptions(_ arguments: [String], allowed: Set<String>)
        throws(UsageError) -> [String: String]?
    {
        do throws(OptionParser.Failure) {
            return try OptionParser.values(arguments, named: allowed)
        } catch {
            switch error {
            case .help: return nil
            case .usage(let message): throw UsageError(message: message)
            }
        }
    }

    private static func parseDate(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}
