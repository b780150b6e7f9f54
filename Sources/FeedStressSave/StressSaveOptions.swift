import FeedInfrastructure
import Foundation
import OptionParsing

/// How `feed-stress-save` saves: straight into the store, or through the save use case (delete, then insert).
enum StressMode: String, CaseIterable, Equatable {
    case insert
    case save
}

/// What `feed-stress-save` is asked to do: save distinguishable feeds in a loop, for the crash-safety tests.
package struct StressSaveOptions: Equatable {
    var store: StoreKind
    var path: String
    var seed: UInt64
    var mode: StressMode = .insert
    /// How many saves before stopping; `nil` means until killed.
    var count: Int?
    /// In save mode, how long the first save stops between deleting the old feed and inserting the new one, after
    /// printing `paused SEED`; `nil` means no stop.
    var pauseBetween: TimeInterval?

    /// A mistake on the command line: printed as one line followed by the usage, with exit status 2.
    package struct UsageError: Error, Equatable {
        package let message: String
    }

    /// The usage printed after a mistake.
    package static let usage = """
        usage: feed-stress-save --store file|sqlite --path PATH --seed N [--mode insert|save] [--count N]
                                [--pause-between SECONDS]
        """

    private static let names: Set<String> = ["store", "path", "seed", "mode", "count", "pause-between"]

    /// Reads the arguments that follow the program name, `--name value` pairs.
    package static func parse(_ arguments: [String]) throws(UsageError) -> StressSaveOptions {
        let options = try pairs(arguments)
        guard let storeText = options["store"], let store = StoreKind(rawValue: storeText), store != .memory else {
            throw UsageError(message: "feed-stress-save needs --store file or --store sqlite")
        }
        guard let path = options["path"], !path.isEmpty else {
            throw UsageError(message: "feed-stress-save needs --path")
        }
        guard let seedText = options["seed"], let seed = UInt64(seedText) else {
            throw UsageError(message: "feed-stress-save needs --seed N (a whole number)")
        }
        var stress = StressSaveOptions(store: store, path: path, seed: seed)
        if let mode = options["mode"] {
            guard let value = StressMode(rawValue: mode) else {
                throw UsageError(message: "--mode '\(mode)' is not one of insert, save")
            }
            stress.mode = value
        }
        if let count = options["count"] {
            guard let value = Int(count), value >= 0 else {
                throw UsageError(message: "--count '\(count)' is not a whole number, 0 or more")
            }
            stress.count = value
        }
        if let pause = options["pause-between"] {
            guard stress.mode == .save, let seconds = TimeInterval(pause), seconds.isFinite, seconds >= 0 else {
                throw UsageError(message: "--pause-between needs --mode save and a number of seconds")
            }
            stress.pauseBetween = seconds
        }
        return stress
    }

    /// The `--name value` pairs of `arguments` by name without its dashes, each name known and given once, read
    /// by the package's one option parser.
    private static func pairs(_ arguments: [String]) throws(UsageError) -> [String: String] {
        do throws(OptionParser.Failure) {
            return try OptionParser.values(arguments, named: names)
        } catch {
            switch error {
            case .help: throw UsageError(message: "feed-stress-save takes no --help; its usage follows")
            case .usage(let message): throw UsageError(message: message)
            }
        }
    }
}
