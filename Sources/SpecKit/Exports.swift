// Step definitions use parameter types, tag expressions name hooks' scenarios: a step library needs both, so
// `import SpecKit` brings them along (Cucumber ships them as libraries of their own, and so does this package).
@_exported import CucumberExpressions
@_exported import TagExpressions

/// Inside SpecKit, `ParameterType` is the Cucumber Expressions type, not the message of the same name.
typealias ParameterType = CucumberExpressions.ParameterType
