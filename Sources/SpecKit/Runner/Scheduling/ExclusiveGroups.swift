import TagExpressions

/// The tag expressions whose scenarios never run at the same time as one another (`--exclusive`, the
/// configuration's `exclusiveTagExpressions` and the step library's `exclusive(_:)`): each expression is a group, and
/// a scenario belongs to every group whose expression its tags satisfy.
struct ExclusiveGroups: Sendable {
    /// One expression per group; the same text given twice is one group.
    let expressions: [TagExpression]
    /// The text of each group's expression (its name in `ExclusiveGate`).
    let texts: [String]

    /// The groups of a run: the configuration's expressions (`compiled`), then the library's (invalid ones are left
    /// out: they are among its problems).
    init<World: Actor>(compiled: CompiledConfiguration, library: CompiledLibrary<World>) {
        var seen = Set<String>()
        var expressions: [TagExpression] = []
        var texts: [String] = []
        for (text, expression) in compiled.exclusive where seen.insert(text).inserted {
            expressions.append(expression)
            texts.append(text)
        }
        for (text, expression) in library.exclusiveGroups where seen.insert(text).inserted {
            expressions.append(expression)
            texts.append(text)
        }
        self.expressions = expressions
        self.texts = texts
    }

    /// Whether there is no group (nothing to keep apart).
    var isEmpty: Bool { expressions.isEmpty }

    /// The groups (positions in `expressions`) a scenario with these tags belongs to, ascending.
    func groups(ofTags tags: [String]) -> [Int] {
        expressions.indices.filter { expressions[$0].evaluate(tags) }
    }

    /// The texts of the groups a scenario with these tags belongs to.
    func names(ofTags tags: [String]) -> [String] {
        groups(ofTags: tags).map { texts[$0] }
    }
}
