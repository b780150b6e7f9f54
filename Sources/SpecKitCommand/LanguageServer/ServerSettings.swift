/// The server's settings, from `initializationOptions` and `workspace/didChangeConfiguration`, under the key
/// `speckit` or at the top level: `{"speckit": {"stepFile": "Sources/ShopAcceptance/ShopSteps.swift"}}`.
struct ServerSettings {
    /// The Swift file new step definitions are written into, relative to the opened package (else the file
    /// holding most of the library's definitions).
    var stepFile: String?

    /// Reads the settings in `value`, keeping the current ones it does not name.
    mutating func update(_ value: Any?) {
        guard let object = value as? [String: Any] else { return }
        let settings = object["speckit"] as? [String: Any] ?? object
        if let stepFile = settings["stepFile"] as? String {
            self.stepFile = stepFile.isEmpty ? nil : stepFile
        }
    }
}
