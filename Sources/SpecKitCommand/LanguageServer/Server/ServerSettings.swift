import Foundation
import Messages
import SpecKit
import StepSuggestions

/// The server's settings, from `initializationOptions` and `workspace/didChangeConfiguration`, under the key
/// `speckit` or at the top level: `{"speckit": {"stepFile": "Sources/ShopAcceptance/ShopSteps.swift"}}`.
struct ServerSettings {
    /// The Swift file new step definitions are written into, relative to the opened package (else the file
    /// holding most of the library's definitions).
    var stepFile: String?
    /// Whether saving a document runs its scenarios, as `--watch` does (`runOnSave`, default false).
    var runOnSave = false
    /// The step timeout of runs from the editor, in seconds (`timeout`, default 10; from 0.001 to 86400, a day).
    var timeout = 10.0
    /// The variant runs from the editor use (`variant`, e.g. the feed's `sqlite` store), nil for the default.
    var variant: String?

    /// The settings as `update` reads them, for a new server process to take over.
    var dictionary: [String: Any] {
        var settings: [String: Any] = ["runOnSave": runOnSave, "timeout": timeout]
        settings["stepFile"] = stepFile ?? ""
        settings["variant"] = variant ?? ""
        return settings
    }

    /// Reads the settings in `value`, keeping the current ones it does not name, and the current ones for those
    /// it names with a value out of range or of the wrong type; `null` sets a setting back to its default. Returns
    /// what was refused, one message each, naming the setting (`speckit.timeout 1e+17: expected ...`), for the
    /// editor to show; under `speckit`, a key that is none of the settings is refused too, with the closest one (at
    /// the top level, other keys may be another tool's).
    mutating func update(_ value: Any?) -> [String] {
        guard let object = value as? [String: Any] else { return [] }
        let nested = object["speckit"] as? [String: Any]
        let settings = nested ?? object
        var refused: [String] = []
        for entry in Self.entries {
            guard var given = settings[entry.name] else { continue }
            // `null` (an editor's unset setting) is the default.
            if given is NSNull, let value = ServerSettings().dictionary[entry.name] { given = value }
            if !entry.read(given, &self) {
                refused.append(
                    "speckit.\(entry.name) \(Self.shown(given)): expected \(entry.expected); keeps "
                        + entry.current(self))
            }
        }
        if nested != nil {
            let names = Self.entries.map(\.name)
            let unknown = settings.keys.sorted().filter { !names.contains($0) }
            // One message each for the first few; a client sending thousands gets one more line, not thousands.
            for key in unknown.prefix(Self.unknownKeysShown) {
                let closest = closestName(to: key, in: names).map { "; did you mean speckit.\($0)?" } ?? ""
                refused.append(
                    "speckit.\(key) is not a setting of the server\(closest) (it has "
                        + names.map { "speckit.\($0)" }.joined(separator: ", ") + ")")
            }
            if unknown.count > Self.unknownKeysShown {
                refused.append(
                    "and \(unknown.count - Self.unknownKeysShown) more keys under speckit that are no setting")
            }
        }
        return refused
    }

    /// How many keys that are no setting are named one by one.
    private static let unknownKeysShown = 3

    /// One setting: its key, what it takes (for the message refusing another value) and how it is read.
    private struct Entry: Sendable {
        let name: String
        let expected: String
        /// Stores the value when it is one the setting takes; false when it is not.
        let read: @Sendable (Any, inout ServerSettings) -> Bool
        /// The value kept, for the message refusing another.
        let current: @Sendable (ServerSettings) -> String
    }

    /// Every setting of the server, once.
    private static let entries: [Entry] = [
        Entry(
            name: "stepFile",
            expected: "a Swift file's path relative to the package, or \"\" for the file holding most "
                + "definitions",
            read: { value, settings in
                guard let path = value as? String else { return false }
                settings.stepFile = path.isEmpty ? nil : path
                return true
            },
            current: { settings in settings.stepFile.map { "\"\($0)\"" } ?? "the file holding most definitions" }),
        Entry(
            name: "runOnSave", expected: "true or false",
            read: { value, settings in
                guard let flag = value as? NSNumber, Self.isBoolean(flag) else { return false }
                settings.runOnSave = flag.boolValue
                return true
            },
            current: { settings in "\(settings.runOnSave)" }),
        Entry(
            name: "timeout",
            expected: Setting.named("timeout")?.kind.expected ?? RunLimits.stepTimeoutExpected,
            read: { value, settings in
                // The run setting's own check (`Setting.all`), as for `--timeout` and a profile's `timeout`.
                guard let number = value as? NSNumber, !Self.isBoolean(number),
                    let setting = Setting.named("timeout"), setting.accepts(.number(number.doubleValue))
                else { return false }
                settings.timeout = number.doubleValue
                return true
            },
            current: { settings in "a timeout of \(RunLimits.seconds(settings.timeout)) s" }),
        Entry(
            name: "variant", expected: "the name of one of the command's variants, or \"\" for its default",
            read: { value, settings in
                guard let name = value as? String else { return false }
                settings.variant = name.isEmpty ? nil : name
                return true
            },
            current: { settings in settings.variant.map { "\"\($0)\"" } ?? "the default variant" }),
    ]

    /// A value as the message refusing it shows it: a number as a number, a text as it is (as a path's is).
    private static func shown(_ value: Any) -> String {
        if let text = value as? String { return text }
        if let number = value as? NSNumber, !isBoolean(number) { return "\(number.doubleValue)" }
        if let number = value as? NSNumber { return "\(number.boolValue)" }
        return "\(value)"
    }

    /// Whether JSON's `true` or `false` gave `number` (on Linux, 1 and `true` are both an `NSNumber` that `as? Bool`
    /// takes): its type is `c`.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }
}
