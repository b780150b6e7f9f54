import CucumberExpressions

// What a step library names from the Cucumber Expressions library, named again here so that `import SpecKit` is
// all a step library needs (without re-exporting the whole module).

/// Thrown by a parameter type's transform for text it cannot read (see `StepLibrary.define(parameterType:...)`).
public typealias ParameterTransformError = CucumberExpressions.ParameterTransformError
/// The Swift type of a `{biginteger}` argument: an integer of any length.
public typealias BigInteger = CucumberExpressions.BigInteger
/// The Swift type of a `{bigdecimal}` argument: a decimal number with every digit kept.
public typealias BigDecimal = CucumberExpressions.BigDecimal

/// Inside SpecKit, `ParameterType` is the Cucumber Expressions type, not the message of the same name.
typealias ParameterType = CucumberExpressions.ParameterType
