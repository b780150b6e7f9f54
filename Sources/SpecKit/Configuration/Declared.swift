/// A property of `RunSettings` declared with its `Setting`: its value, nil or empty until a source sets it, and
/// the setting that says how each source writes it. Two are equal when their values are.
@propertyWrapper
public struct Declared<Value: Sendable & Equatable>: Sendable, Equatable, DeclaredSetting {
    /// The value a source set (nil or empty: none did).
    public var wrappedValue: Value
    let setting: Setting

    /// A setting whose value is nil until a source sets it.
    init(_ setting: Setting) where Value: ExpressibleByNilLiteral {
        self.setting = setting
        wrappedValue = nil
    }

    /// A setting whose values are empty until a source sets them.
    init(_ setting: Setting) where Value: ExpressibleByArrayLiteral {
        self.setting = setting
        wrappedValue = []
    }

    /// Whether the two hold the same value.
    public static func == (left: Declared, right: Declared) -> Bool { left.wrappedValue == right.wrappedValue }
}

/// A declared property, as `Setting.all` finds it among the properties of `RunSettings`.
protocol DeclaredSetting {
    var setting: Setting { get }
}
