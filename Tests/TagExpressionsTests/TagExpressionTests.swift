import Testing

@testable import TagExpressions

@Suite("Tag expressions")
struct TagExpressionTests {
    @Test("the documentation example selects and formats as documented")
    func documented() throws {
        let expression = try TagExpression("@smoke and not (@slow or @wip)")
        #expect(expression.evaluate(["@smoke"]))
        #expect(!expression.evaluate(["@smoke", "@wip"]))
        #expect(!expression.evaluate(Set<String>()))
        #expect(expression.description == "( @smoke and not ( @slow or @wip ) )")
        #expect(expression == .and(.tag("@smoke"), .not(.or(.tag("@slow"), .tag("@wip")))))
    }

    @Test("not binds tighter than and, which binds tighter than or; both associate left")
    func precedence() throws {
        #expect(try TagExpression("a or b and c") == .or(.tag("a"), .and(.tag("b"), .tag("c"))))
        #expect(try TagExpression("a and b or c") == .or(.and(.tag("a"), .tag("b")), .tag("c")))
        #expect(try TagExpression("not a and b") == .and(.not(.tag("a")), .tag("b")))
        #expect(try TagExpression("a or b or c") == .or(.or(.tag("a"), .tag("b")), .tag("c")))
        #expect(try TagExpression("not not a") == .not(.not(.tag("a"))))
        #expect(try TagExpression("not not a").description == "not ( not ( a ) )")
    }

    @Test("the empty expression selects everything and formats as empty")
    func empty() throws {
        for text in ["", "   "] {
            let expression = try TagExpression(text)
            #expect(expression == .always)
            #expect(expression.evaluate(Set<String>()))
            #expect(expression.description == "")
        }
    }

    @Test("escaped parentheses, backslashes and white space belong to the tag")
    func escapes() throws {
        let expression = try TagExpression(#"@a\(1\) or @b\\ or @c\ d"#)
        #expect(expression == .or(.or(.tag("@a(1)"), .tag(#"@b\"#)), .tag("@c d")))
        #expect(expression.evaluate(["@c d"]))
        #expect(expression.description == #"( ( @a\(1\) or @b\\ ) or @c\ d )"#)
        #expect(try TagExpression(expression.description) == expression)
    }

    @Test(
        "each syntax error has its kind",
        arguments: [
            ("a b", TagExpressionError.Kind.expectedOperator), ("a and", .expectedOperand),
            ("( a", .unmatchedOpeningParenthesis),
            ("a )", .unmatchedClosingParenthesis), (#"\a"#, .illegalEscape), ("( )", .expectedOperand),
            ("and", .expectedOperand),
        ])
    func errorKinds(text: String, kind: TagExpressionError.Kind) {
        let error = #expect(throws: TagExpressionError.self) { try TagExpression(text) }
        #expect(error?.kind == kind)
        #expect(error?.expression == text)
        #expect(
            error?.message.hasPrefix("Tag expression \"\(text)\" could not be parsed because of syntax error: ") == true
        )
    }

    @Test("an expression ending in an operator inside parentheses expects an operand first")
    func operandBeforeParenthesis() {
        let error = #expect(throws: TagExpressionError.self) { try TagExpression("( a and") }
        #expect(
            error?.message
                == #"Tag expression "( a and" could not be parsed because of syntax error: Expected operand."#)
    }

    @Test("evaluates against any sequence of tags")
    func sequences() throws {
        let expression = try TagExpression("@a and @b")
        #expect(expression.evaluate(["@a", "@b", "@a"] as [String]))
        #expect(!expression.evaluate(["@a"] as [String]))
    }
}
