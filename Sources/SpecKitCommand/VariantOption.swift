/// An option of `run` that picks what every scenario runs against, e.g. `--store memory|file|sqlite|all`: one run
/// per chosen value, each with reports of its own when there are several.
///
/// ```swift
/// let stores = VariantOption(option: "store", values: StoreKind.allCases, default: .memory,
///                            help: "the cache store")
/// ```
public struct VariantOption<Variant: Sendable & CustomStringConvertible>: Sendable {
    /// The option's name without dashes (`store` for `--store`).
    public var option: String
    /// The values it accepts, written as their `description`.
    public var values: [Variant]
    /// The value used when the option is not given.
    public var defaultValue: Variant
    /// One line for `--help`.
    public var help: String

    /// Creates an option; `all` is accepted too and runs every value one after the other.
    public init(option: String, values: [Variant], default defaultValue: Variant, help: String) {
        self.option = option
        self.values = values
        self.defaultValue = defaultValue
        self.help = help
    }

    /// The values a text chooses: one value, or all of them for `all`; nil for anything else.
    func values(for text: String) -> [Variant]? {
        if text == "all" { return values }
        return values.first { $0.description == text }.map { [$0] }
    }
}

/// The one way scenarios run when a command has no variants.
public struct SingleVariant: Sendable, Hashable, CustomStringConvertible {
    /// `default`.
    public var description: String { "default" }
}

extension VariantOption where Variant == SingleVariant {
    /// No option: every scenario runs one way.
    public static var single: VariantOption<SingleVariant> {
        VariantOption(option: "", values: [SingleVariant()], default: SingleVariant(), help: "")
    }

    /// Whether this is the no-option variant.
    var isSingle: Bool { option.isEmpty }
}
