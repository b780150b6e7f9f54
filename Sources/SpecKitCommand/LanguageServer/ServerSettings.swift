import Foundation

/// The server's settings, from `initializationOptions` and `workspace/didChangeConfiguration`, under the key
/// `speckit` or at the top level: `{"speckit": {"stepFile": "Sources/ShopAcceptance/ShopSteps.swift"}}`.
struct ServerSettings {
    /// The Swift file new step definitions are written into, relative to the opened package (else the file
    /// holding most of the library's definitions).
    var stepFile: String?
    /// Whether saving a document runs its scenarios, as `--watch` does (`runOnSave`, default false).
    var runOnSave = false
    /// The step timeout of runs from the editor, in seconds (`timeout`, default 10).
    var timeout = 10.0
    /// The variant runs from the editor use (`variant`, e.g. the feed's `sqlite` store), nil for the default.
    var variant: String?

    /// Reads the settings in `value`, keeping the current ones it does not name.
    mutating func update(_ value: Any?) {
        guard let object = value as? [String: Any] else { return }
        let settings = object["speckit"] as? [String: Any] ?? object
        if let stepFile = settings["stepFile"] as? String {
            self.stepFile = stepFile.isEmpty ? nil : stepFile
        }
        if let runOnSave = settings["runOnSave"] as? Bool { self.runOnSave = runOnSave }
        if let timeout = (settings["timeout"] as? NSNumber)?.doubleValue, timeout > 0, timeout.isFinite {
            self.timeout = timeout
        }
        if let variant = settings["variant"] as? String { self.variant = variant.isEmpty ? nil : variant }
    }
}
