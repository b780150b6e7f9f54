import Foundation
import Messages
import SpecKit

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
    /// it names with a value out of range or of the wrong type. Returns what was refused, one message each, naming
    /// the setting (`speckit.timeout 1e+17: expected ...`), for the editor to show.
    mutating func update(_ value: Any?) -> [String] {
        guard let object = value as? [String: Any] else { return [] }
        let settings = object["speckit"] as? [String: Any] ?? object
        var refused: [String] = []
        if let stepFile = settings["stepFile"] as? String {
            self.stepFile = stepFile.isEmpty ? nil : stepFile
        }
        if let runOnSave = settings["runOnSave"] as? Bool { self.runOnSave = runOnSave }
        if let given = settings["timeout"] {
            // The run setting's own check and words (`Setting.all`), as for `--timeout` and a profile's `timeout`.
            let number = given as? NSNumber
            if let number, let setting = Setting.named("timeout"), setting.accepts(.number(number.doubleValue)) {
                timeout = number.doubleValue
            } else {
                let shown = number.map { "\($0.doubleValue)" } ?? "\(given)"
                let expected = Setting.named("timeout")?.kind.expected ?? RunLimits.stepTimeoutExpected
                refused.append(
                    "speckit.timeout \(shown): expected \(expected); runs keep a timeout of "
                        + "\(RunLimits.seconds(timeout)) s")
            }
        }
        if let variant = settings["variant"] as? String { self.variant = variant.isEmpty ? nil : variant }
        return refused
    }
}
